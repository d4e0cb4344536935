package dev.cardgen.storage;

import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** Blobs as objects in one S3 (or S3-compatible) bucket, keys used as given. */
public final class S3BlobStore implements BlobStore {

    /** SigV4 presigned URLs cannot live longer than this. */
    static final Duration MAX_PRESIGN_TTL = Duration.ofDays(7);

    private final S3Client s3;
    private final S3Presigner presigner;
    private final String bucket;

    public S3BlobStore(S3Client s3, S3Presigner presigner, String bucket) {
        this.s3 = s3;
        this.presigner = presigner;
        this.bucket = bucket;
    }

    /** For dev and test setups: creates the bucket when it does not exist yet. */
    public void createBucketIfMissing() {
        try {
            s3.headBucket(b -> b.bucket(bucket));
        } catch (NoSuchBucketException e) {
            createBucket();
        } catch (S3Exception e) {
            if (e.statusCode() != 404) {
                throw new BlobStorageException("Cannot check bucket " + bucket, e);
            }
            createBucket();
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot check bucket " + bucket, e);
        }
    }

    private void createBucket() {
        try {
            s3.createBucket(b -> b.bucket(bucket));
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot create bucket " + bucket, e);
        }
    }

    @Override
    public void put(String key, Path source, String contentType) {
        put(key, RequestBody.fromFile(source), contentType);
    }

    @Override
    public void put(String key, byte[] bytes, String contentType) {
        put(key, RequestBody.fromBytes(bytes), contentType);
    }

    // A PUT replaces an S3 object as a whole: readers see the old object or the new one.
    private void put(String key, RequestBody body, String contentType) {
        BlobKeys.requireValidKey(key);
        String type = ContentTypes.require(contentType);
        try {
            s3.putObject(b -> b.bucket(bucket).key(key).contentType(type), body);
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot put " + key, e);
        }
    }

    @Override
    public Optional<BlobInfo> stat(String key) {
        BlobKeys.requireValidKey(key);
        HeadObjectResponse head;
        try {
            head = s3.headObject(b -> b.bucket(bucket).key(key));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw new BlobStorageException("Cannot stat " + key, e);
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot stat " + key, e);
        }
        String type = head.contentType() == null ? ContentTypes.DEFAULT : head.contentType();
        return Optional.of(new BlobInfo(key, head.contentLength(), type, unquote(head.eTag()), head.lastModified()));
    }

    @Override
    public InputStream get(String key) {
        BlobKeys.requireValidKey(key);
        return getObject(key, GetObjectRequest.builder().bucket(bucket).key(key).build());
    }

    @Override
    public InputStream getRange(String key, long offset, long length) {
        BlobKeys.requireValidKey(key);
        Ranges.require(offset, length);
        if (length == 0) {
            // HTTP cannot ask for zero bytes; check what a real request would have checked.
            BlobInfo info = stat(key).orElseThrow(() -> new BlobNotFoundException(key));
            if (offset >= info.size()) {
                throw new IllegalArgumentException("Range offset " + offset + " is not below size " + info.size() + " of " + key);
            }
            return InputStream.nullInputStream();
        }
        String range = length > Long.MAX_VALUE - offset
                ? "bytes=" + offset + "-"
                : "bytes=" + offset + "-" + (offset + length - 1);
        try {
            return getObject(key, GetObjectRequest.builder().bucket(bucket).key(key).range(range).build());
        } catch (BlobStorageException e) {
            if (e.getCause() instanceof S3Exception s3e && s3e.statusCode() == 416) {
                throw new IllegalArgumentException("Range offset " + offset + " is not below the size of " + key, e);
            }
            throw e;
        }
    }

    private InputStream getObject(String key, GetObjectRequest request) {
        try {
            return s3.getObject(request);
        } catch (NoSuchKeyException e) {
            throw new BlobNotFoundException(key, e);
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                throw new BlobNotFoundException(key, e);
            }
            throw new BlobStorageException("Cannot get " + key, e);
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot get " + key, e);
        }
    }

    /** S3 DELETE answers the same whether or not the key existed, so ask first; a racing delete may make both callers see true. */
    @Override
    public boolean delete(String key) {
        boolean existed = stat(key).isPresent();
        try {
            s3.deleteObject(b -> b.bucket(bucket).key(key));
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot delete " + key, e);
        }
        return existed;
    }

    /** Pages through ListObjectsV2 lazily; a failure on a later page surfaces as an SdkException while streaming. */
    @Override
    public Stream<String> list(String prefix) {
        BlobKeys.requireValidPrefix(prefix);
        try {
            return s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix))
                    .contents().stream()
                    .map(S3Object::key);
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot list " + prefix, e);
        }
    }

    @Override
    public Optional<URI> presignedGet(String key, Duration ttl, String downloadFileName) {
        BlobKeys.requireValidKey(key);
        if (ttl.isNegative() || ttl.isZero() || ttl.compareTo(MAX_PRESIGN_TTL) > 0) {
            throw new IllegalArgumentException("Presigned URL ttl must be in (0, 7 days], got " + ttl);
        }
        String disposition = downloadFileName == null ? null : ContentDisposition.attachment(downloadFileName);
        try {
            var presigned = presigner.presignGetObject(p -> p
                    .signatureDuration(ttl)
                    .getObjectRequest(g -> g.bucket(bucket).key(key).responseContentDisposition(disposition)));
            return Optional.of(presigned.url().toURI());
        } catch (SdkException e) {
            throw new BlobStorageException("Cannot presign " + key, e);
        } catch (URISyntaxException e) {
            throw new BlobStorageException("Presigned URL for " + key + " is not a URI", e);
        }
    }

    @Override
    public void checkHealth() {
        try {
            s3.headBucket(b -> b.bucket(bucket));
        } catch (SdkException e) {
            throw new BlobStorageException("Bucket " + bucket + " is not usable: " + e.getMessage(), e);
        }
    }

    private static String unquote(String etag) {
        if (etag != null && etag.length() >= 2 && etag.startsWith("\"") && etag.endsWith("\"")) {
            return etag.substring(1, etag.length() - 1);
        }
        return etag;
    }
}
