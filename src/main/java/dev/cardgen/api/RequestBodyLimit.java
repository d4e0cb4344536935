package dev.cardgen.api;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The largest request body the edge lets in. It is the edge's own setting (chunked JSON bodies are
 * counted against it too), kept under {@code cardgen.upload.*} beside the file limit it leaves room for.
 */
@ConfigMapping(prefix = "cardgen.upload")
public interface RequestBodyLimit {

    /** Largest declared Content-Length of any request: the file limit plus room for the multipart envelope. */
    @WithDefault("21037056")
    long maxRequestBytes();
}
