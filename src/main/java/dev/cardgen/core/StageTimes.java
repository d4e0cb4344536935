package dev.cardgen.core;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * Wall and CPU time of the consecutive stages of one run on one thread (an export job), for one
 * debug log line: {@code read 3.1/2.9 ms} is 3.1 ms of wall time of which the thread spent 2.9 on a
 * CPU. The gap between the two is waiting (the database, the store, or a busy machine). One instance
 * per run, not shared between threads.
 */
public final class StageTimes {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean CPU = THREADS.isCurrentThreadCpuTimeSupported();

    private final StringBuilder line = new StringBuilder();
    private final long startWall;
    private final long startCpu;
    private long wall;
    private long cpu;

    public StageTimes() {
        startWall = wall = System.nanoTime();
        startCpu = cpu = cpuNow();
    }

    /** Ends the stage that began at the previous mark (or at creation) and names it. */
    public void mark(String stage) {
        long w = System.nanoTime(), c = cpuNow();
        append(stage, w - wall, c - cpu);
        wall = w;
        cpu = c;
    }

    /** The stages so far and their total. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(line);
        long w = wall - startWall, c = cpu - startCpu;
        out.append(out.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "total %.1f/%.1f ms", w / 1e6, c / 1e6));
        return out.toString();
    }

    private void append(String stage, long wallNanos, long cpuNanos) {
        if (!line.isEmpty()) {
            line.append(", ");
        }
        line.append(String.format(Locale.ROOT, "%s %.1f/%.1f ms", stage, wallNanos / 1e6, cpuNanos / 1e6));
    }

    private static long cpuNow() {
        return CPU ? THREADS.getCurrentThreadCpuTime() : 0;
    }
}
