package dev.cardgen.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.stream.LongStream;

/**
 * Histogram buckets that fit our times, from a 5 ms GET to a 30 s generation, on the HTTP server
 * timer and on our own timers, so p50/p99 can be read per route and per stage.
 */
public class HistogramBuckets {

    static final long[] MILLIS = {5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000};

    @Produces
    @Singleton
    MeterFilter buckets() {
        double[] slos = LongStream.of(MILLIS).mapToDouble(ms -> Duration.ofMillis(ms).toNanos()).toArray();
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getType() == Meter.Type.TIMER
                        && (id.getName().startsWith("cardgen.") || id.getName().equals("http.server.requests"))) {
                    return DistributionStatisticConfig.builder().serviceLevelObjectives(slos).build().merge(config);
                }
                return config;
            }
        };
    }
}
