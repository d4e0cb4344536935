package dev.cardgen.jobs;

import dev.cardgen.core.WireValue;

/** How one attempt of a job ended, as the {@code outcome} tag of {@code cardgen_jobs_run}. */
public enum JobOutcome implements WireValue {
    /** The handler returned and the job is done. */
    DONE,
    /** It failed and went back in the queue for another attempt (or its lease was lost). */
    RETRY,
    /** A dependency was unreachable: back in the queue after a back-off, the attempt not counted. */
    DEFERRED,
    /** It failed on its last attempt and was given up. */
    FAILED
}
