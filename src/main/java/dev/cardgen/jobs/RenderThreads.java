package dev.cardgen.jobs;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Threads for the engine's steps that one job can run side by side, a generation's variants: as many as
 * the instance has workers, so rendering stays within the workers' CPU budget. A lone generation renders
 * on every core; when every worker is busy, the steps queue here as the jobs would have. Not
 * {@code render/Cores}: a card's render splits its own parts across that pool and waits for them, so a
 * render running on it could wait on itself.
 */
@ApplicationScoped
public class RenderThreads {

    private final ExecutorService pool;

    @Inject
    RenderThreads(JobsConfig config) {
        this(config.workerCount());
    }

    RenderThreads(int size) {
        AtomicInteger n = new AtomicInteger();
        pool = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "cardgen-render-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public <T> Future<T> submit(Supplier<T> step) {
        return pool.submit(step::get);
    }

    /**
     * The step's result, its exception as the step threw it (a {@link JobFailure}, a storage outage), or
     * {@link InterruptedException} when the waiting worker is interrupted (released at shutdown).
     */
    public static <T> T await(Future<T> step) throws InterruptedException {
        try {
            return step.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        } catch (CancellationException e) {
            throw new InterruptedException("canceled");
        }
    }

    @PreDestroy
    void stop() {
        pool.shutdownNow();
    }
}
