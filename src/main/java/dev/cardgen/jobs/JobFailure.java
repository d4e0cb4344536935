package dev.cardgen.jobs;

/**
 * Thrown inside a {@link JobHandler#run} to end its record as failed with a documented error code
 * and message (e.g. {@code asset_deleted}); the handler catches it and records it, nothing is retried.
 */
public final class JobFailure extends RuntimeException {

    private final String code;

    public JobFailure(String code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    public String code() {
        return code;
    }
}
