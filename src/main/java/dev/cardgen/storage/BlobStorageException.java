package dev.cardgen.storage;

/** The store failed for a reason other than a missing key (I/O error, S3 unreachable, ...). */
public final class BlobStorageException extends RuntimeException {

    public BlobStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
