package dev.cardgen.jobs;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.OptionalInt;

/** Settings of the job queue under {@code cardgen.jobs.*}. */
@ConfigMapping(prefix = "cardgen.jobs")
public interface JobsConfig {

    /** Jobs run at once on this instance; default: the number of available processors. */
    OptionalInt workers();

    /** Fallback poll for queued jobs; new jobs are normally announced by an in-process signal and NOTIFY. */
    @WithDefault("1s")
    Duration pollInterval();

    /** How long a claimed job stays ours without a heartbeat; renewed every lease/3. */
    @WithDefault("30s")
    Duration lease();

    /** How often expired leases are looked for; {@link JobReaper}'s {@code @Scheduled} reads the key, this holds its default. */
    @WithDefault("5s")
    Duration reapInterval();

    /**
     * On shutdown, how long running jobs may still finish before the rest is put back in the queue
     * for another instance; under Kubernetes' default 30 s termination grace.
     */
    @WithDefault("20s")
    Duration shutdownGrace();

    /**
     * An attempt that failed because a dependency (blob store, database) was unreachable is put
     * back with an exponential back-off ({@link #deferralBackoff()} doubled up to
     * {@link #deferralBackoffMax()}, with jitter) and is not counted as an attempt, at most this many
     * times in a job's life; after that it counts.
     */
    @WithDefault("10")
    int maxDeferrals();

    /** The first deferral's back-off; each further one doubles it. */
    @WithDefault("1s")
    Duration deferralBackoff();

    /** The longest deferral back-off. */
    @WithDefault("30s")
    Duration deferralBackoffMax();

    /**
     * While the database is unreachable: how often a worker tries again to put its job back, and how
     * long the dispatcher waits after a failed claim (at most the poll interval).
     */
    @WithDefault("1s")
    Duration databaseRetry();

    default int workerCount() {
        return Math.max(1, workers().orElse(Runtime.getRuntime().availableProcessors()));
    }
}
