package dev.cardgen.pg;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of the LISTEN connections under {@code cardgen.listen.*}. */
@ConfigMapping(prefix = "cardgen.listen")
public interface ListenConfig {

    /** The wait before the first reconnect of a lost LISTEN connection; doubled after each failed try. */
    @WithDefault("250ms")
    Duration retryInitial();

    /**
     * The longest wait between reconnects: a LISTEN lost in an outage is back within about this long
     * after the database is (the jobs' poll and the streams' replay cover what was announced meanwhile).
     */
    @WithDefault("10s")
    Duration retryMax();
}
