package dev.cardgen.storage;

import java.nio.file.Path;
import java.util.Objects;

/** One object for {@link BlobStore#putAll}: its key, its content (a file or bytes) and its content type. */
public record BlobWrite(String key, Path file, byte[] bytes, String contentType) {

    public BlobWrite {
        Objects.requireNonNull(key, "key");
        if ((file == null) == (bytes == null)) {
            throw new IllegalArgumentException("a blob write has either a file or bytes");
        }
    }

    public static BlobWrite file(String key, Path file, String contentType) {
        return new BlobWrite(key, file, null, contentType);
    }

    public static BlobWrite bytes(String key, byte[] bytes, String contentType) {
        return new BlobWrite(key, null, bytes, contentType);
    }
}
