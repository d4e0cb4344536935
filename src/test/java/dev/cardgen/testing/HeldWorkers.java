package dev.cardgen.testing;

import dev.cardgen.jobs.JobContext;
import dev.cardgen.jobs.JobHandler;
import dev.cardgen.jobs.JobQueue;
import dev.cardgen.jobs.JobsConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;

/**
 * Occupies every job worker of the test's instance until the test lets them go: what is enqueued
 * meanwhile stays queued exactly as long as the test needs, however fast it would run.
 * <pre>{@code try (HeldWorkers.Hold hold = heldWorkers.holdAll()) { ... }}</pre>
 */
@ApplicationScoped
public class HeldWorkers implements JobHandler {

    /** Releases the held workers; closing it again does nothing. */
    public interface Hold extends AutoCloseable {
        @Override
        void close();
    }

    @Inject
    JobQueue jobs;
    @Inject
    JobsConfig config;

    private final AtomicInteger held = new AtomicInteger();
    private final AtomicInteger holds = new AtomicInteger();
    private volatile CountDownLatch release = new CountDownLatch(0);

    @Override
    public String kind() {
        return "test-hold-worker";
    }

    @Override
    public void run(JobContext ctx) throws InterruptedException {
        CountDownLatch mine = release;
        held.incrementAndGet();
        try {
            mine.await(60, TimeUnit.SECONDS); // a test that never lets go frees the workers for the next one
        } finally {
            held.decrementAndGet();
        }
    }

    @Override
    public void giveUp(String refId, String reason) {
    }

    /** Enqueues one holding job per worker and returns once every worker runs one. */
    public Hold holdAll() {
        CountDownLatch mine = new CountDownLatch(1);
        release = mine;
        int workers = config.workerCount();
        int hold = holds.incrementAndGet();
        QuarkusTransaction.requiringNew().run(() -> {
            for (int i = 0; i < workers; i++) {
                jobs.enqueue(kind(), "hold-" + hold + "-" + i);
            }
        });
        try {
            await("every worker held").atMost(Duration.ofSeconds(60)).until(() -> held.get() == workers);
        } catch (RuntimeException | Error e) {
            mine.countDown();
            throw e;
        }
        return mine::countDown;
    }
}
