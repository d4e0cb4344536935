package dev.cardgen.core;

import org.jboss.logging.Logger;

/**
 * An export's steps on the monotonic clock, at DEBUG in the category {@code dev.cardgen.trace}: one line
 * {@code TRACE <µs> <step> <id> <thread>} per step. On Linux the clock is CLOCK_MONOTONIC, shared by
 * the processes of one machine, so a bench client's own steps line up with these
 * ({@code bench/export-timeline.py} puts them together). Off, a step costs one level check.
 */
public final class Trace {

    private static final Logger LOG = Logger.getLogger("dev.cardgen.trace");

    private Trace() {
    }

    public static void at(String step, String id) {
        if (LOG.isDebugEnabled()) {
            LOG.debugf("TRACE %d %s %s %s", System.nanoTime() / 1000, step, id, Thread.currentThread().getName());
        }
    }
}
