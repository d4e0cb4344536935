package dev.cardgen.asset;

import dev.cardgen.render.subject.SubjectOptions;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The subject stage under {@code cardgen.subject.*}: read here, where uploads and cut-outs call the
 * stage, and handed to it as plain {@link SubjectOptions}. A value that is neither {@code on} nor
 * {@code off} stops the service at start.
 */
@ConfigMapping(prefix = "cardgen.subject")
public interface SubjectConfig {

    enum Switch {
        ON, OFF
    }

    /** The learned second opinion: {@code off} leaves the cues alone (and saves its ~135 MB). */
    @WithDefault("on")
    Switch model();

    /** The stage's options. */
    default SubjectOptions options() {
        return new SubjectOptions(model() == Switch.ON);
    }
}
