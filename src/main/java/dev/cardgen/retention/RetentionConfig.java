package dev.cardgen.retention;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the retention sweeper under {@code cardgen.retention.*}. */
@ConfigMapping(prefix = "cardgen.retention")
public interface RetentionConfig {

    /** Whether this instance runs the sweeper on its schedule (tests call it directly). */
    @WithDefault("true")
    boolean enabled();

    /** How often the sweeper runs. */
    @WithDefault("5m")
    Duration every();

    /** Rows deleted per statement (and per transaction), so no sweep holds locks for long. */
    @WithDefault("1000")
    int batchSize();

    /** A finished job (done or failed) is deleted this long after its last update. */
    @WithDefault("1h")
    Duration finishedJobs();

    /** A stream's events are deleted this long after its last stream URL expired (its generation finished). */
    @WithDefault("1h")
    Duration streamEvents();

    /** An expired stream token is kept this long, so its URL answers 410 rather than 404. */
    @WithDefault("24h")
    Duration streamTokens();

    /** A webhook delivery that has ended (succeeded or failed) is deleted this long after it ended. */
    @WithDefault("720h")
    Duration webhookDeliveries();
}
