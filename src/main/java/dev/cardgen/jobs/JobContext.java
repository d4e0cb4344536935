package dev.cardgen.jobs;

/** What a running job knows about itself. */
public interface JobContext {

    String jobId();

    /** The domain row the job works on, as given to {@link JobQueue#enqueue}. */
    String refId();

    /** 1 on the first run, 2 on the first retry, ... */
    int attempt();

    /**
     * Renews this job's lease now. A background heartbeat already renews it every lease/3; call
     * this only around a step that may block the JVM for long (it costs one UPDATE).
     */
    void heartbeat();

    /**
     * True once this instance, shutting down, has put the job back in the queue and interrupted the
     * run: another instance will run it, so this run must not record an outcome (a failure it sees
     * now is the interruption, not the job's fault).
     */
    default boolean released() {
        return false;
    }
}
