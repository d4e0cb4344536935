package dev.cardgen.api;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * Limits of the HTTP edge ({@code cardgen.http.*}). The URL and header limits are ours, answered in
 * the JSON error shape; Netty's own limits ({@code quarkus.http.limits.max-initial-line-length},
 * {@code max-header-size}) are set well above them and only cut off what is plainly abuse.
 */
@ConfigMapping(prefix = "cardgen.http")
public interface HttpEdgeConfig {

    /** Longest request target (path and query), bytes; longer is 414. */
    @WithDefault("4096")
    int maxUrlBytes();

    /** Most bytes of request headers (names, values, separators); more is 431. */
    @WithDefault("32768")
    int maxHeaderBytes();

    /** After an early 413, how much more of the body is read and discarded before the connection is closed. */
    @WithDefault("64M")
    io.quarkus.runtime.configuration.MemorySize lingerBytes();

    /** After an early 413, how long the rest of the body is read and discarded at most. */
    @WithDefault("10s")
    Duration lingerTimeout();
}
