package dev.cardgen.jobs;

/**
 * Runs the jobs of one {@link #kind()}; one CDI bean per kind. Jobs run at least once: after a crash
 * or a lost lease the same job runs again, so a handler must be safe to repeat.
 */
public interface JobHandler {

    /** The kind this handler runs, e.g. {@code "generation"}, {@code "export"}. */
    String kind();

    /**
     * Does the work. Returning normally marks the job done; the handler records its own domain
     * outcome (a generation that failed for a domain reason still returns normally). Throwing
     * makes it retry while attempts remain.
     */
    void run(JobContext ctx) throws Exception;

    /**
     * Called once when the job is abandoned: its lease expired on the last attempt, or it threw on
     * the last attempt. {@code reason} is {@code "lease expired"} or the exception's message.
     */
    void giveUp(String refId, String reason);

    /**
     * How many jobs of this kind one instance runs at once, given its {@code workers}; by default
     * all of them. A kind that can hold a worker waiting on something outside (a webhook receiver)
     * takes fewer, so it can never occupy every worker.
     */
    default int maxConcurrent(int workers) {
        return workers;
    }
}
