package dev.cardgen.core;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import java.time.Clock;

/**
 * The service's one wall clock: every timestamp and time-based decision reads it, and SQL gets its
 * instant as a parameter rather than calling the database's {@code now()}. Two database times remain
 * and decide nothing: the job queue orders claims by {@code clock_timestamp()}, and column defaults
 * stand behind values the code always sets. Tests replace it to move time without waiting. Durations
 * are measured with {@link System#nanoTime()} instead.
 */
public class Clocks {
    @Produces
    @DefaultBean
    @ApplicationScoped
    Clock clock() {
        return Clock.systemUTC();
    }
}
