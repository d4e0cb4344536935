package dev.cardgen.storage;

/** The key names no object. */
public final class BlobNotFoundException extends RuntimeException {

    private final String key;

    public BlobNotFoundException(String key) {
        this(key, null);
    }

    public BlobNotFoundException(String key, Throwable cause) {
        super("No blob under key " + key, cause);
        this.key = key;
    }

    public String key() {
        return key;
    }
}
