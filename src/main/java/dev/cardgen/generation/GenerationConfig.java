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

    /**
     * Products (cut-outs) kept for the next generation of the same cut-out on this instance, held softly;
     * 0 keeps none.
     */
    @WithDefault("2")
    int keptProducts();
}
