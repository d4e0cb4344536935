package dev.cardgen.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.List;
import java.util.Map;

/**
 * One job worker, for the tests that need jobs to run one after the other: the outage tests and
 * GenerationResilienceTest (one start of the application for all three). A PostgreSQL and an S3
 * server of their own, which the outage tests stop and start again, and the retry intervals of the
 * listeners and the job queue at a fraction of a second, so that an outage is over for the
 * application within moments of its end, with no test waiting out a production back-off.
 */
public class OneWorkerProfile implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(RestartablePostgres.class), new TestResourceEntry(RestartableS3Proxy.class));
    }

    /**
     * One worker, so the generations run one after the other and an outage finds most of them
     * unfinished; a poll interval of a minute, so only a NOTIFY or a deferred job falling due starts
     * a job within seconds; deferrals that do not run out however long a test keeps a dependency away,
     * with a back-off that grows to 2 s, longer than a failed attempt takes, so the newest job gets
     * its turn too (claims take the oldest job first).
     */
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "cardgen.jobs.workers", "1",
                "cardgen.jobs.poll-interval", "60s",
                "cardgen.jobs.deferral-backoff", "500ms",
                "cardgen.jobs.deferral-backoff-max", "2s",
                "cardgen.jobs.max-deferrals", "100000",
                "cardgen.jobs.database-retry", "100ms",
                "cardgen.listen.retry-initial", "100ms",
                "cardgen.listen.retry-max", "200ms");
    }
}
