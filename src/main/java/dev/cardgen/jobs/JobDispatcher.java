package dev.cardgen.jobs;

import dev.cardgen.core.Ids;
import dev.cardgen.core.Trace;
import dev.cardgen.core.Unavailability;
import dev.cardgen.metrics.Metrics;
import dev.cardgen.pg.ListenConfig;
import dev.cardgen.pg.PgListener;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Claims queued jobs and runs them on the application's {@link ManagedExecutor}, at most
 * {@code workers} at once, and of a kind at most its {@link JobHandler#maxConcurrent}. One loop
 * thread claims exactly as many jobs as there are free workers;
 * it wakes on enqueue (after commit), on a NOTIFY from another instance, when a worker finishes,
 * after the reaper requeued work, and otherwise every poll interval.
 *
 * <p>On shutdown (SIGTERM) the instance stops claiming at once, lets running jobs finish for up to
 * {@code shutdown-grace} while still heartbeating them, then puts what is left back in the queue
 * (leases released, NOTIFY sent) so another instance resumes it without waiting for the lease to
 * expire, and interrupts those runs.
 */
@ApplicationScoped
public class JobDispatcher {

    static final String CHANNEL = "cardgen_jobs";
    private static final Logger LOG = Logger.getLogger(JobDispatcher.class);

    private final String instanceId = "inst_" + Ids.random(12);
    @Inject
    JobStore store;
    @Inject
    JobsConfig config;
    @Inject
    @Any
    Instance<JobHandler> handlerBeans;
    @Inject
    Config mpConfig;
    @Inject
    ListenConfig listen;
    @Inject
    Metrics metrics;
    @Inject
    ManagedExecutor executor;

    private final Object signal = new Object();
    /** Held while claimed jobs are registered, and by the drain to stop claiming: no claim lands after it. */
    private final Object gate = new Object();
    private boolean wakeRequested;
    private volatile boolean running;
    private final AtomicInteger free = new AtomicInteger();
    private final AtomicBoolean drained = new AtomicBoolean();
    private final Map<String, RunningJob> active = new ConcurrentHashMap<>();
    private Map<String, JobHandler> handlers = Map.of();
    /** Per kind, the most jobs of it this instance runs at once. */
    private Map<String, Integer> limits = Map.of();
    private ScheduledExecutorService heartbeat;
    private Thread loop;
    private PgListener listener;

    public String instanceId() {
        return instanceId;
    }

    /** Ids of the jobs running on this instance now. */
    Set<String> runningHere() {
        return Set.copyOf(active.keySet());
    }

    Optional<JobHandler> handler(String kind) {
        return Optional.ofNullable(handlers.get(kind));
    }

    void start(@Observes StartupEvent event) {
        handlers = handlerBeans.stream().collect(Collectors.toMap(JobHandler::kind, Function.identity(), (a, b) -> {
            throw new IllegalStateException("Two job handlers for kind '" + a.kind() + "': "
                    + a.getClass().getName() + " and " + b.getClass().getName());
        }));
        int size = config.workerCount();
        Map<String, Integer> kindLimits = new HashMap<>();
        handlers.forEach((kind, h) -> kindLimits.put(kind, Math.max(1, Math.min(size, h.maxConcurrent(size)))));
        limits = Map.copyOf(kindLimits);
        free.set(size);
        // Renews the leases of running jobs, and wakes the loop when a deferred job falls due.
        heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "cardgen-job-heartbeat");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(1, config.lease().toMillis() / 3);
        heartbeat.scheduleWithFixedDelay(this::renewAll, every, every, TimeUnit.MILLISECONDS);
        running = true;
        listener = new PgListener(mpConfig, listen, CHANNEL, payload -> wake(), this::wake);
        listener.start();
        loop = new Thread(this::loop, "cardgen-job-dispatcher");
        loop.setDaemon(true);
        loop.start();
        LOG.infof("Job dispatcher %s: %d workers, at most per kind %s", instanceId, size, limits);
    }

    /**
     * The first step of a shutdown, while HTTP and the database still serve (Quarkus fires this
     * event before it closes anything, with {@code quarkus.shutdown.delay-enabled}); the event log
     * ends its open streams right after, so a job finished during the grace still reaches them.
     */
    void drain(@Observes @Priority(1000) ShutdownDelayInitiatedEvent event) {
        drain();
    }

    void stop(@Observes @Priority(1000) ShutdownEvent event) {
        drain(); // already done unless the pre-shutdown event was not fired
        if (heartbeat != null) {
            heartbeat.shutdownNow();
        }
    }

    private void drain() {
        if (!drained.compareAndSet(false, true)) {
            return;
        }
        long t0 = System.nanoTime();
        synchronized (gate) {
            running = false;
        }
        wake();
        if (listener != null) {
            listener.stop();
        }
        boolean idle = awaitIdle(config.shutdownGrace());
        List<RunningJob> left = List.copyOf(active.values());
        if (!left.isEmpty()) {
            release(left);
        }
        LOG.infof("Job dispatcher %s stopped in %d ms: %s", instanceId, (System.nanoTime() - t0) / 1_000_000,
                idle ? "every running job finished" : left.size() + " job(s) released to the queue");
    }

    /** Waits until no job runs here or the grace is over; finishing workers wake the signal. */
    private boolean awaitIdle(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        synchronized (signal) {
            while (!active.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                try {
                    signal.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return true;
    }

    /** Releases first, then interrupts: a run that ends after the release can no longer write its outcome. */
    private void release(List<RunningJob> jobs) {
        try {
            int n = store.release(instanceId, jobs.stream().map(RunningJob::jobId).toList(), CHANNEL);
            LOG.infof("Released %d running job(s) to the queue after the shutdown grace", n);
        } catch (Exception e) {
            LOG.errorf(e, "Releasing %d job(s) failed; they are requeued when their lease expires", jobs.size());
        }
        jobs.forEach(RunningJob::interrupt);
    }

    /** Makes the loop claim now; cheap and safe to call from any thread. */
    public void wake() {
        synchronized (signal) {
            wakeRequested = true;
            signal.notifyAll();
        }
    }

    private void loop() {
        long poll = Math.max(1, config.pollInterval().toMillis());
        while (running) {
            try {
                synchronized (signal) {
                    if (!wakeRequested) {
                        signal.wait(poll);
                    }
                    wakeRequested = false;
                }
                if (running && !handlers.isEmpty()) {
                    claimWhileFree();
                }
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                LOG.warnf("Claiming jobs failed: %s", e.getMessage());
                pause(Math.max(1, Math.min(poll, config.databaseRetry().toMillis())));
            }
        }
    }

    private void claimWhileFree() throws Exception {
        while (running) {
            int slots = free.get();
            if (slots <= 0) {
                return;
            }
            List<JobStore.Claimed> claimed = claim(slots);
            for (JobStore.Claimed c : claimed) {
                Trace.at("claimed", c.refId());
            }
            synchronized (gate) {
                if (!running) {
                    // The drain began while this claim was on its way: hand the jobs straight back.
                    if (!claimed.isEmpty()) {
                        store.release(instanceId, claimed.stream().map(JobStore.Claimed::id).toList(), CHANNEL);
                    }
                    return;
                }
                for (JobStore.Claimed job : claimed) {
                    free.decrementAndGet();
                    RunningJob ctx = new RunningJob(job, this);
                    active.put(job.id(), ctx);
                    ctx.started(executor.submit(() -> execute(ctx)));
                }
            }
            if (claimed.size() < slots) {
                return;
            }
        }
    }

    /**
     * Up to {@code slots} jobs, no kind past its limit: a kind with less room left than there are
     * slots is claimed on its own, at most its room (so, first); the other kinds together in one
     * statement. A kind at its limit is not claimed until one of its jobs ends (which wakes the loop).
     */
    private List<JobStore.Claimed> claim(int slots) throws SQLException {
        List<JobStore.Claimed> claimed = new ArrayList<>();
        List<String> unbounded = new ArrayList<>();
        for (String kind : handlers.keySet()) {
            int room = limits.get(kind) - running(kind);
            if (room >= slots) {
                unbounded.add(kind);
            } else if (room > 0 && claimed.size() < slots) {
                claimed.addAll(store.claim(instanceId, List.of(kind), config.lease(), Math.min(room, slots - claimed.size())));
            }
        }
        if (!unbounded.isEmpty() && claimed.size() < slots) {
            claimed.addAll(store.claim(instanceId, unbounded, config.lease(), slots - claimed.size()));
        }
        return claimed;
    }

    /** Jobs of this kind running here; only the loop thread adds to {@code active}, so this never undercounts. */
    private int running(String kind) {
        int n = 0;
        for (RunningJob job : active.values()) {
            if (job.job().kind().equals(kind)) {
                n++;
            }
        }
        return n;
    }

    private void execute(RunningJob ctx) {
        JobStore.Claimed job = ctx.job();
        JobHandler handler = handlers.get(job.kind());
        ManagedContext requestContext = Arc.container().requestContext();
        Trace.at("execute", job.refId());
        long started = System.nanoTime();
        JobOutcome outcome = JobOutcome.DONE;
        try {
            requestContext.activate();
            try {
                handler.run(ctx);
            } finally {
                requestContext.terminate();
            }
            if (!store.complete(job, instanceId)) {
                LOG.warnf("Job %s (%s) finished after losing its lease; the newer attempt decides", job.id(), job.kind());
            }
        } catch (Exception e) {
            outcome = onFailure(handler, job, e);
        } catch (Throwable t) {
            outcome = onFailure(handler, job, new RuntimeException(t));
        } finally {
            metrics.jobRun(job.kind(), outcome.wire(), java.time.Duration.ofNanos(System.nanoTime() - started));
            active.remove(job.id());
            free.incrementAndGet();
            wake();
        }
    }

    /**
     * @return the attempt's outcome: {@code deferred} when a dependency was unreachable and the job
     * waits out a back-off, {@code retry} when it went back in the queue, else {@code failed}
     */
    private JobOutcome onFailure(JobHandler handler, JobStore.Claimed job, Exception e) {
        String reason = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        if (Unavailability.isUnavailable(e) && job.deferrals() < config.maxDeferrals()) {
            Duration wait = backoff(job.deferrals(), config.deferralBackoff(), config.deferralBackoffMax());
            LOG.warnf("Job %s (%s %s): a dependency is unreachable (%s); back in the queue for %d ms", job.id(), job.kind(),
                    job.refId(), reason, wait.toMillis());
            return defer(job, wait, reason);
        }
        LOG.warnf(e, "Job %s (%s %s) attempt %d failed", job.id(), job.kind(), job.refId(), job.attempt());
        try {
            if (store.fail(job, instanceId, reason).orElse(null) == JobState.FAILED) {
                giveUp(handler, job.refId(), reason);
                return JobOutcome.FAILED;
            }
        } catch (Exception dbError) {
            // The lease runs out and the reaper takes over.
            LOG.errorf(dbError, "Could not record the failure of job %s", job.id());
        }
        return JobOutcome.RETRY;
    }

    /**
     * Puts the job back uncounted. When the database itself is away, the worker keeps the job (so
     * this instance's reaper leaves it and the heartbeat renews its lease once the database answers)
     * and tries again every {@code database-retry} until the deferral lands, the lease turns out lost,
     * or the instance drains (which releases the job, uncounted too).
     */
    private JobOutcome defer(JobStore.Claimed job, Duration wait, String reason) {
        while (true) {
            try {
                if (!store.defer(job, instanceId, wait, reason)) {
                    return JobOutcome.RETRY;
                }
                wakeAfter(wait);
                return JobOutcome.DEFERRED;
            } catch (Exception dbError) {
                if (!running || !Unavailability.isUnavailable(dbError)) {
                    // The lease runs out and a reaper takes over.
                    LOG.errorf("Could not defer job %s: %s", job.id(), dbError.getMessage());
                    return JobOutcome.RETRY;
                }
                LOG.debugf("Deferring job %s waits for the database: %s", job.id(), dbError.getMessage());
                try {
                    Thread.sleep(Math.max(1, config.databaseRetry().toMillis()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return JobOutcome.RETRY;
                }
            }
        }
    }

    /**
     * Wakes the loop when a deferred job falls due: otherwise it would wait for the next wake or poll,
     * which with every queued job deferred is the poll interval.
     */
    private void wakeAfter(Duration wait) {
        try {
            heartbeat.schedule(this::wake, Math.max(1, wait.toMillis()), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Shutting down: nothing more is claimed here.
        }
    }

    /**
     * {@code first}, doubled per deferral up to {@code max} (by default 1 s, 2 s, 4 s … 30 s), each between
     * half and all of that (jitter, so instances do not retry in step).
     */
    static Duration backoff(int deferrals, Duration first, Duration max) {
        long ceiling = Math.min(Math.max(1, max.toMillis()), Math.max(1, first.toMillis()) << Math.min(deferrals, 20));
        return Duration.ofMillis(ceiling / 2 + java.util.concurrent.ThreadLocalRandom.current().nextLong(ceiling / 2 + 1));
    }

    void giveUp(JobHandler handler, String refId, String reason) {
        try {
            handler.giveUp(refId, reason);
        } catch (RuntimeException e) {
            LOG.errorf(e, "giveUp(%s) of %s failed", refId, handler.kind());
        }
    }

    private void renewAll() {
        try {
            store.renew(instanceId, active.keySet(), config.lease());
        } catch (Exception e) {
            LOG.warnf("Renewing job leases failed: %s", e.getMessage());
        }
    }

    private void pause(long millis) {
        synchronized (signal) {
            try {
                signal.wait(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Renews one job's lease now (see {@link JobContext#heartbeat()}). */
    void renew(String jobId) {
        try {
            store.renew(instanceId, List.of(jobId), config.lease());
        } catch (Exception e) {
            LOG.warnf("Heartbeat of job %s failed: %s", jobId, e.getMessage());
        }
    }
}
