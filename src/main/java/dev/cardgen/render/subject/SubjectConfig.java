package dev.cardgen.render.subject;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The subject stage under {@code cardgen.subject.*}. The stage is plain code without injection, so
 * {@link SubjectModel} reads its key from the process's configuration; this mapping declares the
 * key to the service (an unknown {@code cardgen.*} key stops it at start) and refuses a value that
 * is neither {@code on} nor {@code off}.
 */
@ConfigMapping(prefix = "cardgen.subject")
public interface SubjectConfig {

    /** The key {@link #model()} is read from. */
    String MODEL = "cardgen.subject.model";

    enum Switch {
        ON, OFF
    }

    /** The learned second opinion: {@code off} leaves the cues alone (and saves its ~135 MB). */
    @WithDefault("on")
    Switch model();
}
