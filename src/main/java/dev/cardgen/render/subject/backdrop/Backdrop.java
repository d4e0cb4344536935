package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.model.Opinion;

/**
 * What the photo's border shows, and with it how the product is told from it: each kind owns its
 * proposal, its clean-up, its edge refinement and its judgement (steps 2-5 of the stage).
 */
public sealed interface Backdrop permits Plain, Blurred, Textured {

    /** Step 1: a border a smooth surface explains is plain; one without a sharp step blurred; any other textured. */
    static Backdrop classify(Grid g) {
        Surface surface = Surface.fit(g.sw, g.sh, g.lab);
        if (Plain.explains(surface)) {
            return new Plain(g, surface);
        }
        float[] grad = Defocus.gradient(g.lab, g.sw, g.sh);
        float sharpness = Defocus.borderSharpness(grad, g.sw, g.sh);
        return sharpness <= Defocus.BLURRED_BORDER ? new Blurred(g, grad, sharpness) : new Textured(g);
    }

    /** Step 2: the cells unlike the backdrop. */
    Mask propose();

    /** Step 3: holes filled or left open, the main pieces kept. */
    Mask cleanUp(Mask proposal);

    /** Step 4: the outline moved onto the photo's own edge on the grid (textures only). */
    default Mask refine(Mask mask) {
        return mask;
    }

    /** Step 5: decline or accept, with the model's second opinion ({@code opinion} null: the cues alone). */
    Verdict judge(Mask mask, Opinion opinion);

    /** Step 6: whether the guided filter may move the upsampled edge onto the photo's (not on textures). */
    boolean guidedEdge();

    /** Regions smaller than this stay out of the mask (a speck), and kept holes are at least {@link #minHole}. */
    static int minPiece(Grid g) {
        return Math.max(9, g.cells() / 300);
    }

    static int minHole(Grid g) {
        return Math.max(16, g.cells() / 500);
    }

    /** The clean-up radius off plain backdrops: a grid pixel per 160 of the shorter side. */
    static int radius(Grid g) {
        return Math.max(1, Math.min(g.sw, g.sh) / 160);
    }
}
