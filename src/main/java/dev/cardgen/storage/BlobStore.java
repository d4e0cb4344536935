package dev.cardgen.storage;

import java.io.InputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * Stores every object or none, one after the other: when a write fails, the objects this call
     * stored are deleted again and the failure is thrown (with any failed delete as suppressed; the
     * owner's orphan sweeper removes what is left). For new keys: a replaced object is not restored.
     */
    default void putAll(List<BlobWrite> writes) {
        List<String> stored = new ArrayList<>(writes.size());
        try {
            for (BlobWrite w : writes) {
                if (w.file() != null) {
                    put(w.key(), w.file(), w.contentType());
                } else {
                    put(w.key(), w.bytes(), w.contentType());
                }
                stored.add(w.key());
            }
        } catch (RuntimeException e) {
            for (String key : stored) {
                try {
                    delete(key);
                } catch (RuntimeException notDeleted) {
                    e.addSuppressed(notDeleted);
                }
            }
            throw e;
        }
    }

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
