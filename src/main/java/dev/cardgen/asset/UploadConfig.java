package dev.cardgen.asset;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Upload limits under {@code cardgen.upload.*}. */
@ConfigMapping(prefix = "cardgen.upload")
public interface UploadConfig {

    /** Largest accepted asset file, bytes. */
    @WithDefault("20971520")
    long maxBytes();

    /** Largest declared Content-Length of any request: the file limit plus room for the multipart envelope. */
    @WithDefault("21037056")
    long maxRequestBytes();

    /** Longest side of the working copy the render engine works on. */
    @WithDefault("1600")
    int workingCopyMaxSide();
}
