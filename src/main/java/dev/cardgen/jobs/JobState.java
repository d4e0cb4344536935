package dev.cardgen.jobs;

import dev.cardgen.core.WireValue;

/**
 * A row of {@code jobs}: {@code queued → running → done}, or back to queued for another attempt, or
 * failed after the last one. The statements of {@link JobStore} write these strings themselves.
 */
public enum JobState implements WireValue {
    QUEUED,
    RUNNING,
    DONE,
    FAILED;

    /** The state a statement returned; a value the table's CHECK does not allow is a bug, not an input. */
    static JobState of(String stored) {
        return WireValue.parse(values(), stored)
                .orElseThrow(() -> new IllegalStateException("Unknown job state '" + stored + "'"));
    }
}
