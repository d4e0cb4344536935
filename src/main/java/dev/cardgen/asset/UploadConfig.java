package dev.cardgen.asset;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Upload limits under {@code cardgen.upload.*}; the request body limit beside them is the edge's (api.RequestBodyLimit). */
@ConfigMapping(prefix = "cardgen.upload")
public interface UploadConfig {

    /** Largest accepted asset file, bytes. */
    @WithDefault("20971520")
    long maxBytes();

    /** Longest side of the working copy the render engine works on. */
    @WithDefault("1600")
    int workingCopyMaxSide();
}
