package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.judge.Judgement;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Holes;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.model.Agreement;
import dev.cardgen.render.subject.model.ModelCut;
import dev.cardgen.render.subject.model.Opinion;

/**
 * A sweep, gradient or vignette: a smooth surface ({@link Surface}) explains the border, and the
 * product is what departs from it, or holds fine detail it does not ({@link Detail}). The cues draw the
 * mask; the model answers two questions colour cannot: whether a region darker than the sweep with the
 * sweep's own chroma is a cast shadow or a dark part of the product (decision 0012; a region of the sweep's
 * hue as smooth as the sweep is shadow whatever the model says, 0025), and whether the
 * cues found the product at all (a grey bottle on a grey sweep, a paper or concrete that passes for a
 * sweep: decision 0014); where its map is calm, whether the cues drew its outline (decision 0018).
 */
public final class Plain implements Backdrop {

    /** A border explained this well (≥ 90 % within 3σ), this tightly (σ ≤ 3 Lab): a sweep fits, a room does not. */
    static final double INLIERS = 0.9;
    static final double SIGMA = 3.0;
    /** Unlike the surface: 4σ, at least 6 Lab, so its noise and JPEG stay backdrop. */
    static final float MIN_THRESHOLD = 6f;
    static final float SIGMA_FACTOR = 4f;
    /** The model is asked about shadow-like cells when they are at least 3 % of the mask. */
    static final double SHADOW_SHARE = 0.03;
    /**
     * Shadow-like cells the model finds less salient than one half leave the mask; so do those holding no finer detail
     * than the sweep's own ({@link Detail#smooth}) where they are coloured, keeping the sweep's hue: the model takes a
     * dark cast shadow for part of the product, while a product's dark parts carry its material's grain. On a grey
     * sweep a flat grey product is as smooth as a shadow and only the model tells them apart (decision 0025). What
     * leaves is left out of the model's masks too when they are compared with the cues'.
     */
    static final float SALIENT = 0.5f;
    /**
     * The cues' mask stands only where the model's mask (its map cut at one half) overlaps it at IoU ≥ 0.5:
     * on the 29 backdrop families at 1600x1200 the four wrong cut-outs on plain-judged backdrops it declines
     * overlapped at 0.12-0.48, every right one at 0.52 or more (decision 0014).
     */
    static final double MODEL_AGREES = 0.5;
    /**
     * Where the model's map is calm, the cues' mask stands only if it overlaps the model's region at IoU ≥ 0.8, the
     * agreement a texture's cut needs (0008); otherwise the model answers. On the families the kraft-paper box and the
     * concrete mushroom (wrong at 0.65 and 0.79, overlapping at 0.64 and 0.76) went to 0.998 and 0.995; no other photo moved (0018).
     */
    static final double CALM_MODEL_AGREES = 0.8;
    /** Pieces within 1/40 of the shorter side are one product: legs below a sweep-coloured stripe. */
    static final int NEAR_PIECES_DIVISOR = 40;

    private final Grid g;
    private final Surface surface;
    private final float[] distance;
    private final float threshold;
    private final int near;
    /** {@link Detail#detail} of the grid's lightness before the blur, once: the proposal and the shadow question read it. */
    private float[] detail;

    Plain(Grid g, Surface surface) {
        this.g = g;
        this.surface = surface;
        this.distance = surface.distance(g.lab);
        this.threshold = (float) Math.max(MIN_THRESHOLD, SIGMA_FACTOR * surface.sigma);
        this.near = Math.max(2, Math.min(g.sw, g.sh) / NEAR_PIECES_DIVISOR);
    }

    static boolean explains(Surface s) {
        return s.inlierFraction >= INLIERS && s.sigma <= SIGMA;
    }

    @Override
    public Mask propose() {
        Mask unlike = Mask.above(distance, threshold, g.sw, g.sh).close(1).open(1);
        // product areas the sweep's colour hides but not its smoothness: print, grain, a photo's texture
        return unlike.or(Detail.textured(detail(), g.sw, g.sh));
    }

    private float[] detail() {
        if (detail == null) {
            detail = Detail.detail(g.lightness, g.sw, g.sh);
        }
        return detail;
    }

    @Override
    public Mask cleanUp(Mask proposal) {
        // only specks are filled: a handle's hole shows the sweep's colour, so the cue leaves it open
        return Holes.fill(proposal, Backdrop.minHole(g)).keepMain(Backdrop.minPiece(g), near);
    }

    @Override
    public Verdict judge(Mask mask, Opinion opinion) {
        float[] score = distance;
        float[] saliency = opinion == null ? null : opinion.map(); // null: the cues decide alone
        boolean[] shadow = saliency == null ? null : shadowLike(mask);
        boolean[] cast = null;
        if (shadow != null) {
            score = distance.clone();
            boolean[] kept = mask.bits().clone();
            boolean[] smooth = Detail.smooth(detail(), g.sw, g.sh);
            cast = new boolean[kept.length];
            for (int i = 0; i < kept.length; i++) {
                if (shadow[i] && (saliency[i] < SALIENT || smooth[i] && coloured(i))) {
                    kept[i] = false;
                    score[i] = 0;
                    cast[i] = true;
                }
            }
            mask = cleanUp(mask.with(kept));
        }
        Judgement j = Judgement.of(mask, score, threshold, true, false);
        if (j.declined()) {
            return j.decline();
        }
        if (saliency != null && mask.iou(without(Agreement.mask(saliency, g.sw, g.sh), cast)) < MODEL_AGREES) {
            return Verdict.decline(j.confidence(), true); // the model sees another product, or none
        }
        if (saliency != null) {
            Mask region = ModelCut.region(g, saliency);
            if (mask.iou(without(region, cast)) < CALM_MODEL_AGREES && ModelCut.calm(region, saliency)) {
                return Verdict.decline(j.confidence(), true); // a calm model sees another outline: its answer follows
            }
        }
        return new Verdict.Accept(mask, score, threshold, j.confidence());
    }

    /** Whether cell {@code i} is farther from grey than the surface's noise: no grey object passes for the sweep's hue there. */
    private boolean coloured(int i) {
        float a = g.lab[1][i], b = g.lab[2][i];
        return a * a + b * b > threshold * threshold;
    }

    /** {@code m} less the cells settled as cast shadow ({@code cast} null: none). */
    private static Mask without(Mask m, boolean[] cast) {
        if (cast == null) {
            return m;
        }
        boolean[] out = m.bits().clone();
        for (int i = 0; i < out.length; i++) {
            out[i] &= !cast[i];
        }
        return m.with(out);
    }

    /** The mask's cells that could be a cast shadow ({@link Surface#shadowLike}), or null when they are too few to ask about. */
    private boolean[] shadowLike(Mask mask) {
        boolean[] s = surface.shadowLike(g.lab, threshold);
        int n = 0;
        for (int i = 0; i < s.length; i++) {
            s[i] &= mask.get(i);
            if (s[i]) n++;
        }
        return n >= SHADOW_SHARE * mask.area() && n > 0 ? s : null;
    }

    @Override
    public boolean guidedEdge() {
        return true;
    }
}
