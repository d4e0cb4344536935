package dev.cardgen.core;

/** The blob store could not be reached; answered as 503 service_unavailable. */
public class StorageUnavailableException extends RuntimeException {
    public StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
