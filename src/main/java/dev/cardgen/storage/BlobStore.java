package dev.cardgen.storage;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where the service keeps bytes (uploads, previews, exports). Each feature builds its own keys
 * (AssetBlobs, GenerationBlobs, ExportBlobs) by {@link BlobKeys}' rules; every implementation
 * rejects keys that fail {@link BlobKeys#requireValidKey(String)}.
 */
public interface BlobStore {

    /** Stores the file's bytes under {@code key}, replacing any previous object. Readers never see a partial object. */
    void put(String key, Path source, String contentType);

    /** Same as {@link #put(String, Path, String)} for bytes already in memory. */
    void put(String key, byte[] bytes, String contentType);

    Optional<BlobInfo> stat(String key);

    /** The whole object. The caller closes the stream. */
    InputStream get(String key) throws BlobNotFoundException;

    /**
     * {@code length} bytes from {@code offset} (clamped to the object's end), for HTTP Range.
     * {@code offset} must be below the object's size (check with {@link #stat}); otherwise
     * {@link IllegalArgumentException}. The caller closes the stream.
     */
    InputStream getRange(String key, long offset, long length) throws BlobNotFoundException;

    /** @return true if the object existed. A missing key is not an error. */
    boolean delete(String key);

    /**
     * Keys starting with {@code prefix} (a plain string prefix, e.g. {@code "assets/"}), in no set order.
     * The stream may hold resources (a directory walk, paged requests): close it.
     */
    Stream<String> list(String prefix);

    /**
     * A URL that lets anyone GET the object until {@code ttl} passes, answering with
     * {@code Content-Disposition: attachment; filename=...} when {@code downloadFileName} is given.
     * Empty when the store cannot sign URLs (the filesystem store).
     */
    Optional<URI> presignedGet(String key, Duration ttl, String downloadFileName);

    /** Throws if the store cannot be used right now (readiness). */
    void checkHealth();
}
