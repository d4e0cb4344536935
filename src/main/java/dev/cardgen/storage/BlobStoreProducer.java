package dev.cardgen.storage;

import java.nio.file.Path;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;

import org.jboss.logging.Logger;

import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * Produces the one {@link BlobStore} for {@code cardgen.storage.type}. The S3 client and presigner
 * are looked up only for {@code s3}, so the filesystem default needs no {@code quarkus.s3.*} config.
 */
@ApplicationScoped
public class BlobStoreProducer {

    private static final Logger LOG = Logger.getLogger(BlobStoreProducer.class);

    @Produces
    @ApplicationScoped
    BlobStore blobStore(StorageConfig config, Instance<S3Client> s3Client, Instance<S3Presigner> s3Presigner) {
        return switch (config.type()) {
            case FS -> {
                FsBlobStore store = new FsBlobStore(Path.of(config.fs().root()));
                LOG.infof("Blob storage: filesystem at %s", store.root());
                yield store;
            }
            case S3 -> {
                String bucket = config.s3().bucket().filter(b -> !b.isBlank()).orElseThrow(() -> new IllegalStateException(
                        "cardgen.storage.s3.bucket (CARDGEN_STORAGE_S3_BUCKET) must be set when cardgen.storage.type=s3"));
                S3BlobStore store = new S3BlobStore(s3Client.get(), s3Presigner.get(), bucket);
                if (config.s3().createBucket()) {
                    store.createBucketIfMissing();
                }
                LOG.infof("Blob storage: S3 bucket %s", bucket);
                yield store;
            }
        };
    }
}
