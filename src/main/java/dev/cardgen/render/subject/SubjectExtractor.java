package dev.cardgen.render.subject;

import dev.cardgen.render.subject.hint.BoxCut;
import dev.cardgen.render.subject.model.SaliencyModel;
import java.awt.image.BufferedImage;

/**
 * Isolates the product of a photo ({@link Pipeline}), or cuts it out again inside a seller's box
 * ({@link BoxCut}). A learned model ({@link SaliencyModel}) gives its second opinion unless the
 * options switch it off, or it cannot load here.
 */
public final class SubjectExtractor {

    private SubjectExtractor() {
    }

    public static Subject extract(BufferedImage workingCopy, SubjectOptions options) {
        return Pipeline.run(workingCopy, model(options));
    }

    /** With {@link SubjectOptions#fromSystemProperties()}: for tools and tests. */
    public static Subject extract(BufferedImage workingCopy) {
        return extract(workingCopy, SubjectOptions.fromSystemProperties());
    }

    /** The hand-made cues alone: what {@link #extract} does where the model cannot run, and the benches' baseline. */
    public static Subject extractByCues(BufferedImage workingCopy) {
        return Pipeline.run(workingCopy, null);
    }

    /**
     * Cuts the product out again inside a seller's box: everything outside the box is backdrop,
     * include and exclude points are product and backdrop. {@code detected} is false, and the whole
     * frame kept, when nothing is left of the cut.
     */
    public static Subject fromHint(BufferedImage workingCopy, SubjectHint hint, SubjectOptions options) {
        return BoxCut.cut(workingCopy, hint, model(options));
    }

    /** With {@link SubjectOptions#fromSystemProperties()}: for tools and tests. */
    public static Subject fromHint(BufferedImage workingCopy, SubjectHint hint) {
        return fromHint(workingCopy, hint, SubjectOptions.fromSystemProperties());
    }

    private static SaliencyModel model(SubjectOptions options) {
        return options.model() ? SaliencyModel.shared() : null;
    }
}
