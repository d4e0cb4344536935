package dev.cardgen.stream;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the event stream under {@code cardgen.stream.*}. */
@ConfigMapping(prefix = "cardgen.stream")
public interface StreamConfig {

    /** Interval of the {@code : keep-alive} comment on open SSE connections. */
    @WithDefault("15s")
    Duration keepAlive();

    /**
     * The {@code retry:} hint sent before the first event: how long a browser's EventSource waits
     * before reconnecting after a dropped connection.
     */
    @WithDefault("3s")
    Duration retry();

    /** How long a stream token stays valid (15 minutes by default). */
    @WithDefault("15m")
    Duration tokenTtl();
}
