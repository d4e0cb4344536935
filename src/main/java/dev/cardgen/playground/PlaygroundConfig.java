package dev.cardgen.playground;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The playground page under {@code cardgen.playground.*}. */
@ConfigMapping(prefix = "cardgen.playground")
public interface PlaygroundConfig {

    /** Serve the page at {@code /}; when off, {@code /} and its files are the JSON 404. On in dev mode. */
    @WithDefault("false")
    boolean enabled();
}
