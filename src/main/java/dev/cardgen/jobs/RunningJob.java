package dev.cardgen.jobs;

import java.util.concurrent.Future;

/** A job claimed by this instance, from the claim until its run returns. */
final class RunningJob implements JobContext {

    private final JobStore.Claimed job;
    private final JobDispatcher dispatcher;
    private volatile Future<?> run;
    private volatile boolean released;

    RunningJob(JobStore.Claimed job, JobDispatcher dispatcher) {
        this.job = job;
        this.dispatcher = dispatcher;
    }

    JobStore.Claimed job() {
        return job;
    }

    void started(Future<?> run) {
        this.run = run;
    }

    /** After its lease was released at shutdown: the handler should stop at its next check. */
    void interrupt() {
        released = true;
        Future<?> r = run;
        if (r != null) {
            r.cancel(true);
        }
    }

    @Override
    public boolean released() {
        return released;
    }

    @Override
    public String jobId() {
        return job.id();
    }

    @Override
    public String refId() {
        return job.refId();
    }

    @Override
    public int attempt() {
        return job.attempt();
    }

    @Override
    public void heartbeat() {
        dispatcher.renew(job.id());
    }
}
