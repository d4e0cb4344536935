package dev.cardgen.render.subject.judge;

import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.mask.Mask;

/** What the judge step decides about a photo's mask. */
public sealed interface Verdict {

    /** No product reported: the whole frame is kept, with this confidence. */
    record Decline(double confidence) implements Verdict {
    }

    /** The mask is the product; {@code score} above {@code threshold} is how far a cell is from the backdrop (for the soft edge). */
    record Accept(Mask mask, float[] score, float threshold, double confidence) implements Verdict {
    }

    /** The model's own cut-out, already at the photo's size. */
    record CutOut(Subject subject) implements Verdict {
    }

    /** Declined with the confidence capped where the mask was doubtful, not merely weak. */
    static Decline decline(double confidence, boolean doubtful) {
        return new Decline(doubtful ? Math.min(confidence, DOUBTFUL_CONFIDENCE) : confidence);
    }

    /** A doubtful decline reports at most this confidence. */
    double DOUBTFUL_CONFIDENCE = 0.2;
}
