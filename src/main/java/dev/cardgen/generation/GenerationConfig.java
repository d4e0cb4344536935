package dev.cardgen.generation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Settings of generations under {@code cardgen.generation.*}. */
@ConfigMapping(prefix = "cardgen.generation")
public interface GenerationConfig {

    /** A generation still running after this long fails with {@code timeout}. */
    @WithDefault("120s")
    Duration timeout();
}
