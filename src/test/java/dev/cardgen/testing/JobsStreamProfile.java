package dev.cardgen.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.Map;

/**
 * One profile for the job-queue and stream tests (one restart for all of them): 4 workers, a
 * fallback poll so long that any job that runs was woken by a signal, a reaper every second, a short lease
 * and a short SSE keep-alive.
 */
public class JobsStreamProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "cardgen.jobs.workers", "4",
                "cardgen.jobs.poll-interval", "1h",
                "cardgen.jobs.reap-interval", "1s",
                "cardgen.jobs.lease", "3s",
                "cardgen.stream.keep-alive", "0.5s");
    }
}
