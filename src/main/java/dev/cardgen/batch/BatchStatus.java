package dev.cardgen.batch;

import dev.cardgen.core.WireValue;

/** Where a batch is, derived from its items: {@code queued → running → completed | completed_with_errors}, or {@code canceled}. */
public enum BatchStatus implements WireValue {
    QUEUED,
    RUNNING,
    COMPLETED,
    COMPLETED_WITH_ERRORS,
    CANCELED;

    /** A batch with refused rows or failed items ends with errors; canceled wins over everything. */
    static BatchStatus of(Batch b, BatchCounts counts, boolean refusedRows) {
        if (b.canceled) {
            return CANCELED;
        }
        if (b.finishedAt != null) {
            return counts.failed() > 0 || refusedRows ? COMPLETED_WITH_ERRORS : COMPLETED;
        }
        return counts.queued() == counts.total() ? QUEUED : RUNNING;
    }
}
