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
final class Cores {

    static final int COUNT = Math.max(1, Runtime.getRuntime().availableProcessors());

    private Cores() {
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

    private static final class Pool {
        static final ExecutorService THREADS = Executors.newFixedThreadPool(COUNT, r -> {
            Thread t = new Thread(r, "cardgen-card-part");
            t.setDaemon(true);
            return t;
        });
    }
}
