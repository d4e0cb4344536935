package dev.cardgen.webhook;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of webhooks under {@code cardgen.webhooks.*}. */
@ConfigMapping(prefix = "cardgen.webhooks")
public interface WebhooksConfig {

    /** Allow endpoints on loopback, private, link-local, CGNAT and metadata addresses (dev and tests only). */
    @WithDefault("false")
    boolean allowPrivate();

    /** Endpoints one account may have. */
    @WithDefault("16")
    int maxEndpoints();

    /** Whole time of one attempt: connect, send, and the receiver's answer. */
    @WithDefault("10s")
    Duration timeout();

    /** Delay before the first retry; it doubles with each further attempt. */
    @WithDefault("30s")
    Duration retryBase();

    /** Longest delay between two attempts. */
    @WithDefault("1h")
    Duration retryMaxDelay();

    /** After this long since the event a failing delivery is given up as failed. */
    @WithDefault("24h")
    Duration giveUpAfter();

    /** How often due retries are handed to the job queue; {@link WebhookEvents}' {@code @Scheduled} reads the key, this holds its default. */
    @WithDefault("5s")
    Duration pollInterval();
}
