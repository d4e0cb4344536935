package dev.cardgen.render.subject.judge;

import dev.cardgen.render.subject.mask.Mask;

/**
 * The cues' own judgement of a mask: its confidence ({@link Score}) and the honesty checks
 * ({@link Honesty}) every backdrop shares, with the backdrop's own doubt added.
 */
public record Judgement(double confidence, boolean doubtful, boolean declined) {

    /** Off plain backdrops: right cut-outs scored ≥ 0.95 on the tuning photos, a partial one 0.76 and a room 0.71. */
    public static final double OFF_PLAIN_CONFIDENCE = 0.85;

    /** {@code score} above {@code threshold} is unlike the backdrop. */
    public static Judgement of(Mask fg, float[] score, float threshold, boolean plain, boolean ownDoubt) {
        Score s = Score.of(fg, score, threshold);
        boolean doubtful = Honesty.hugsSeveralEdges(fg) || ownDoubt;
        doubtful |= !plain && s.confidence() < OFF_PLAIN_CONFIDENCE; // weaker evidence off plain: ask for more
        return new Judgement(s.confidence(), doubtful, doubtful || !s.detected());
    }

    public Verdict.Decline decline() {
        return Verdict.decline(confidence, doubtful);
    }
}
