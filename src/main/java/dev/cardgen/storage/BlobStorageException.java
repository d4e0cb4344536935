package dev.cardgen.storage;

import dev.cardgen.core.StorageUnavailableException;

/** The store failed for a reason other than a missing key (I/O error, S3 unreachable, ...). */
public final class BlobStorageException extends StorageUnavailableException {

    public BlobStorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
