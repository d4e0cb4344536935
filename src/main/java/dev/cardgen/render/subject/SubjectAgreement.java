package dev.cardgen.render.subject;

/**
 * On a blurred backdrop: how the cues' mask and the model's mask of one photo relate, and what the
 * stage does about it (on a texture the model proposes its own cut-out: {@link SubjectModelCut}).
 * On the tuning photos every cut-out the cues got right agreed with the model at an IoU of 0.77 or
 * more, and every one they got in part or wrong agreed at 0.65 or less: where they disagree, either
 * the cues found part of the product (the model's mask holds theirs, and is itself one plausible
 * product) or one of the two is wrong and the honest answer is none.
 */
final class SubjectAgreement {

    /** The two masks' IoU at or above which the cues' own mask stands. */
    static final double AGREE = 0.7;
    /** Share of the cues' mask inside the model's at or above which the cues found part of it. */
    static final double HOLDS = 0.9;
    /** A model mask larger than this share of the frame is a scene, not a product. */
    static final double MAX_AREA = 0.6;
    /** Share of a model mask's outline that may lie away from the photo's sharp steps on a blurred backdrop. */
    static final double MAX_OFF_STEPS = 0.4;
    /** Share of a hole's pixels (its rim left out) on a sharp step at most, for it to be backdrop seen through the product. */
    static final double MAX_HOLE_STEPS = 0.05;
    /** Pixels of a hole next to the model's mask that are not judged for steps. */
    static final int HOLE_RIM = 4;

    enum Verdict {
        /** The masks agree: the cues' mask stands. */
        CUES,
        /** The cues found part of the product the model found whole: the model's mask is taken. */
        MODEL,
        /** Neither can be trusted: no product is reported. */
        NEITHER
    }

    private SubjectAgreement() {
    }

    /** The model's saliency map cut at one half. */
    static boolean[] mask(float[] saliency) {
        boolean[] m = new boolean[saliency.length];
        for (int i = 0; i < m.length; i++) {
            m[i] = saliency[i] > 0.5f;
        }
        return m;
    }

    static Verdict judge(boolean[] cues, boolean[] model, int w, int h) {
        int both = 0, cuesOnly = 0, modelOnly = 0;
        for (int i = 0; i < cues.length; i++) {
            if (cues[i] && model[i]) {
                both++;
            } else if (cues[i]) {
                cuesOnly++;
            } else if (model[i]) {
                modelOnly++;
            }
        }
        int union = both + cuesOnly + modelOnly;
        if (union > 0 && both >= AGREE * union) {
            return Verdict.CUES;
        }
        boolean holds = both > 0 && both >= HOLDS * (both + cuesOnly);
        return holds && plausible(model, both + modelOnly, w, h) ? Verdict.MODEL : Verdict.NEITHER;
    }

    /**
     * Where the cues declined a blurred backdrop: whether the model's mask is one plausible
     * product whose outline lies on the photo's sharp steps (at most {@link #MAX_OFF_STEPS} of it
     * further than 2 pixels from one) with no run of steps left outside it - an object in focus
     * before a defocused room. On the tuning photos the three products the cues declined there
     * kept 0.08-0.27 of their outline off the steps, the one blurred room without a product 0.67.
     */
    static boolean backedBySteps(boolean[] model, boolean[] step, int w, int h, int r) {
        int area = 0;
        for (boolean v : model) {
            if (v) area++;
        }
        return area > 0 && plausible(model, area, w, h)
                && !SubjectHonesty.inventedOutline(model, step, w, h, 2, MAX_OFF_STEPS)
                && !SubjectHonesty.strayStepsOutside(model, step, w, h, r)
                && !SubjectHonesty.strayOutline(model, step, w, h, r);
    }

    /**
     * Where the cues' mask stands on a blurred backdrop: the holes of the model's mask that lie
     * within the cues' mask and hold no sharp step (defocused backdrop seen through a handle, not
     * a dark print of the product, which is in focus) taken out of it. The cues' mask there is
     * what the sharp steps enclose, and a handle's hole is enclosed too.
     */
    static boolean[] openHoles(boolean[] cues, boolean[] model, boolean[] step, int w, int h, int minSize) {
        SubjectMorphology.Components holes = SubjectMorphology.label(model, w, h, false);
        int count = holes.count();
        int[] inside = new int[count + 1];
        int[] interior = new int[count + 1];
        int[] steps = new int[count + 1];
        // The model's outline is drawn from a map a third of the grid's size: its rim is not judged.
        boolean[] rim = SubjectMorphology.morph(model, w, h, HOLE_RIM, true);
        for (int i = 0; i < cues.length; i++) {
            int l = holes.labels()[i];
            if (l == 0) continue;
            if (cues[i]) inside[l]++;
            if (!rim[i]) {
                interior[l]++;
                if (step[i]) steps[l]++;
            }
        }
        boolean[] out = cues.clone();
        for (int i = 0; i < out.length; i++) {
            int l = holes.labels()[i];
            if (l != 0 && !holes.touchesBorder()[l] && holes.sizes()[l] >= minSize
                    && inside[l] >= HOLDS * holes.sizes()[l] && interior[l] > 0 && steps[l] <= MAX_HOLE_STEPS * interior[l]) {
                out[i] = false;
            }
        }
        return out;
    }

    /** One product, not a scene: at most {@link #MAX_AREA} of the frame, in one piece, off the frame's edges. */
    private static boolean plausible(boolean[] model, int area, int w, int h) {
        return area <= MAX_AREA * model.length
                && !SubjectHonesty.fragmented(model, w, h) && !SubjectHonesty.hugsSeveralEdges(model, w, h);
    }
}
