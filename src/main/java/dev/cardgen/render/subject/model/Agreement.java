package dev.cardgen.render.subject.model;

import dev.cardgen.render.subject.judge.Honesty;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.mask.Morphology;

/**
 * On a blurred backdrop: how the cues' mask and the model's mask of one photo relate, and what the
 * stage does about it (on a texture the model proposes its own cut-out: {@link ModelCut}).
 * On the tuning photos every cut-out the cues got right agreed with the model at an IoU of 0.77 or
 * more, and every one they got in part or wrong agreed at 0.65 or less: where they disagree, the
 * model's mask is taken only if its outline lies on the photo's sharp steps, else none.
 */
public final class Agreement {

    /** The cues' mask stands at IoU ≥ 0.7: right cut-outs agreed at ≥ 0.77, partial or wrong ones at ≤ 0.65. */
    static final double AGREE = 0.7;
    /** The model's map is cut at one half. */
    public static final float HALF = 0.5f;
    /** One mask holds another when ≥ 0.9 of it lies within (a hole within the cues' mask, a corroborated cut). */
    static final double HOLDS = 0.9;
    /** A model mask over 0.6 of the frame is a scene, not a product (0002). */
    static final double MAX_AREA = 0.6;
    /** ≤ 0.4 of a model mask's outline > 2 px off the steps: declined products 0.08-0.27, the empty apartment 0.67. */
    static final double MAX_OFF_STEPS = 0.4;
    /** A hole is defocused backdrop with ≤ 5 % step pixels, its 4 px rim not judged (the map is a third of the grid). */
    static final double MAX_HOLE_STEPS = 0.05;
    static final int HOLE_RIM = 4;

    private Agreement() {
    }

    /** The model's saliency map cut at one half. */
    public static Mask mask(float[] saliency, int w, int h) {
        return Mask.above(saliency, HALF, w, h);
    }

    /** Whether the cues' mask and the model's agree (IoU ≥ {@link #AGREE}): the cues' mask stands. */
    public static boolean agree(Mask cuesMask, Mask modelMask) {
        return cuesMask.iou(modelMask) >= AGREE;
    }

    /**
     * Where the cues declined a blurred backdrop: whether the model's mask is one plausible
     * product whose outline lies on the photo's sharp steps (at most {@link #MAX_OFF_STEPS} of it
     * further than 2 pixels from one) with no run of steps left outside it - an object in focus
     * before a defocused room. On the tuning photos the three products the cues declined there
     * kept 0.08-0.27 of their outline off the steps, the one blurred room without a product 0.67.
     */
    public static boolean backedBySteps(Mask model, Mask step, int r) {
        int area = model.area();
        return area > 0 && plausible(model, area)
                && !Honesty.inventedOutline(model, step, 2, MAX_OFF_STEPS)
                && !Honesty.strayStepsOutside(model, step, r)
                && !Honesty.strayOutline(model, step, r);
    }

    /**
     * Where the cues' mask stands on a blurred backdrop: the holes of the model's mask that lie
     * within the cues' mask and hold no sharp step (defocused backdrop seen through a handle, not
     * a dark print of the product, which is in focus) taken out of it. The cues' mask there is
     * what the sharp steps enclose, and a handle's hole is enclosed too.
     */
    public static Mask openHoles(Mask cuesMask, Mask model, Mask stepMask, int minSize) {
        boolean[] cues = cuesMask.bits(), step = stepMask.bits();
        Morphology.Components holes = model.components(false);
        int count = holes.count();
        int[] inside = new int[count + 1];
        int[] interior = new int[count + 1];
        int[] steps = new int[count + 1];
        // The model's outline is drawn from a map a third of the grid's size: its rim is not judged.
        boolean[] rim = model.dilate(HOLE_RIM).bits();
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
        return cuesMask.with(out);
    }

    /** One product, not a scene: at most {@link #MAX_AREA} of the frame, in one piece, off the frame's edges. */
    private static boolean plausible(Mask model, int area) {
        return area <= MAX_AREA * model.bits().length
                && !Honesty.fragmented(model) && !Honesty.hugsSeveralEdges(model);
    }
}
