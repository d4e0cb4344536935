package dev.cardgen.render;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One daemon thread per core for the parts of one card that are split across cores (its PNG's
 * deflate, its backdrop's enlargement), so that a card a seller waits for uses an idle instance's
 * every core. Tasks given here never wait on each other, so the pool cannot deadlock; the same work
 * is done whatever the number of cores, only its wall time changes. Created on first use (at run
 * time, also in a native image).
 */
public final class Cores {

    /** Work on the indices {@code [from, to)} of a range. */
    @FunctionalInterface
    public interface Part {
        void run(int from, int to);
    }

    static final int COUNT = Math.max(1, Runtime.getRuntime().availableProcessors());

    private Cores() {
    }

    /** The cores work is split across. */
    public static int count() {
        return COUNT;
    }

    static ExecutorService pool() {
        return Pool.THREADS;
    }

    /** Runs the first task on the caller and the others on the pool; returns when all are done. */
    static void all(List<Runnable> tasks) {
        List<CompletableFuture<Void>> others = new ArrayList<>();
        for (int i = 1; i < tasks.size(); i++) {
            others.add(CompletableFuture.runAsync(tasks.get(i), pool()));
        }
        if (!tasks.isEmpty()) {
            tasks.get(0).run();
        }
        others.forEach(CompletableFuture::join);
    }

    /**
     * Runs {@code part} over {@code [0, n)} cut in one contiguous piece per core (the first on the
     * caller); returns when all are done. Fewer than two items run on the caller alone.
     */
    public static void split(int n, Part part) {
        int pieces = Math.min(COUNT, n);
        if (pieces <= 1) {
            if (n > 0) {
                part.run(0, n);
            }
            return;
        }
        List<Runnable> tasks = new ArrayList<>(pieces);
        for (int i = 0; i < pieces; i++) {
            int from = (int) ((long) n * i / pieces), to = (int) ((long) n * (i + 1) / pieces);
            tasks.add(() -> part.run(from, to));
        }
        all(tasks);
    }

    /**
     * Starts {@code part} over {@code [0, n)} cut in one contiguous piece per core, every piece on the
     * pool, and returns at once: the caller goes on with other work (a decoder making the next rows)
     * and joins the future when it needs the result. The pieces never wait on anything.
     */
    public static CompletableFuture<Void> splitAsync(int n, Part part) {
        int pieces = Math.min(COUNT, n);
        if (pieces <= 0) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<?>[] futures = new CompletableFuture<?>[pieces];
        for (int i = 0; i < pieces; i++) {
            int from = (int) ((long) n * i / pieces), to = (int) ((long) n * (i + 1) / pieces);
            futures[i] = CompletableFuture.runAsync(() -> part.run(from, to), pool());
        }
        return CompletableFuture.allOf(futures);
    }

    private static final class Pool {
        static final ExecutorService THREADS = Executors.newFixedThreadPool(COUNT, r -> {
            Thread t = new Thread(r, "cardgen-card-part");
            t.setDaemon(true);
            return t;
        });
    }
}
