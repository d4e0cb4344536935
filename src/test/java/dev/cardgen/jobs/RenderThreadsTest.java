package dev.cardgen.jobs;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class RenderThreadsTest {

    private final RenderThreads threads = new RenderThreads(2);

    @AfterEach
    void stop() {
        threads.stop();
    }

    @Test
    void aJobsStepsRunSideBySideOnAsManyThreadsAsWorkers() throws Exception {
        // Each step waits for the other to have started: both finish only if they run at the same time.
        CountDownLatch started = new CountDownLatch(2);
        Future<Boolean> a = threads.submit(() -> meet(started));
        Future<Boolean> b = threads.submit(() -> meet(started));
        assertTrue(RenderThreads.await(a));
        assertTrue(RenderThreads.await(b));
    }

    @Test
    void aFailedStepThrowsWhatItThrewToTheWaitingJob() {
        JobFailure failure = new JobFailure("render_failed", "The card could not be rendered.");
        Future<Object> step = threads.submit(() -> {
            throw failure;
        });
        assertSame(failure, assertThrows(JobFailure.class, () -> RenderThreads.await(step)));
    }

    @Test
    void aWaitingJobThatIsInterruptedStopsWaiting() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        Future<Boolean> step = threads.submit(() -> {
            try {
                return never.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        });
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, () -> RenderThreads.await(step));
        step.cancel(true);
        assertEquals(false, Thread.interrupted(), "the interrupt was taken by the wait");
    }

    private static boolean meet(CountDownLatch latch) {
        latch.countDown();
        try {
            return latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
