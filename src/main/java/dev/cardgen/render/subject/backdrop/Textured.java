package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.edge.Refine;
import dev.cardgen.render.subject.grid.Colour;
import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.judge.Judgement;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Holes;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.model.ModelCut;
import dev.cardgen.render.subject.model.Opinion;

/**
 * Any other backdrop (wood, stone, fabric, paper, a lawn): the product is what scores unlike the border's
 * looks ({@link Texture}); colour and the photo's edges refine the outline ({@link Refine}). The model
 * proposes its own cut-out, weighed against the cues' ({@link ModelCut}).
 */
public final class Textured implements Backdrop {

    /** Farther from every look of the border than its own 97th percentile is unlike it. */
    static final float THRESHOLD = 1.0f;
    /** The band the refinement decides, in clean-up windows (3 x (2r+1)): wide, without ragged edges. */
    static final int REFINE_BAND = 3;
    /**
     * Where the cues agree with the model's cut but the model was not sure, the cut's cells beyond its region are a
     * cast shadow when they are at least {@link Plain#SHADOW_SHARE} of the cut and their mean L* is under 0.7 of the
     * backdrop's round the cut: on the families' tuning part (both orientations) shadows of spanners 0.50 and 0.60,
     * parts of products the region missed 0.80 and 1.04 (decision 0034).
     */
    static final double SHADOW_DARKER = 0.7;
    /**
     * A cell of the cut is the backdrop's surface darkened (a cast shadow) when its R+G+B is under this share of the
     * ring's median, its chromaticity lies within the ring's own 90th percentile of distance from the ring's median
     * and its detail relative to its brightness within the ring's 10th-90th percentiles: a shadow scales the
     * surface's channels alike, so chromaticity and relative detail stay the surface's. The families' cast shadows are
     * 30-60 % darker; at 0.75 the palest shadow-holding cut of the tuning photos fell to 0.023 of darkened surface,
     * beside right cuts at 0.017; at 0.85, 0.045 against 0.026 (below, decision 0047).
     */
    static final double SURFACE_DARKER = 0.85;
    /**
     * A restless map's corroborated cut holding this share of darkened surface is not taken. The families' tuning part
     * at 800x600, 1200x900 and 1600x1200, both ways (477 cuts): cuts holding a cast shadow at IoU < 0.8, 0.045-0.61;
     * corroborated cuts at IoU >= 0.8, 0.000-0.026, but for four that stay declined: a glass jar at 800x600 (0.051), a
     * spanner with a sixth of its shadow (0.081), bottles at 0.82 (0.126), a grey spanner on painted wood (0.96) (0047).
     */
    static final double SURFACE_SHARE = 0.03;

    private final Grid g;
    private final Texture texture;
    private final int r;

    Textured(Grid g) {
        this.g = g;
        this.texture = Texture.fit(g.lab, g.sw, g.sh);
        this.r = Backdrop.radius(g);
    }

    @Override
    public Mask propose() {
        return Mask.above(texture.score, THRESHOLD, g.sw, g.sh).close(r).open(r);
    }

    @Override
    public Mask cleanUp(Mask proposal) {
        return holes(proposal).keepMain(Backdrop.minPiece(g));
    }

    /** Every hole filled unless it scores like the border (a handle's hole, the gap of a pair). */
    private Mask holes(Mask m) {
        return Holes.fill(m, g.cells(), texture.score, texture.borderMedian, Backdrop.minHole(g));
    }

    @Override
    public Mask refine(Mask mask) {
        // the neighbourhood cues place the outline a few pixels off; colour and the photo's edges put it back
        return cleanUp(Refine.refine(mask, g.lab, REFINE_BAND * (2 * r + 1)));
    }

    @Override
    public Verdict judge(Mask fg, Opinion opinion) {
        Judgement j = Judgement.of(fg, texture.score, THRESHOLD, false, false);
        float[] saliency = opinion == null ? null : opinion.map();
        if (saliency != null && !j.declined()) { // null: the engine failed on this photo, and the cues decide alone
            // the model's cut is the answer where it was sure or the cues agree with it; where its map was calm, its
            // region; where it was not, the cut its region and the cues both back
            ModelCut.Proposal proposal = ModelCut.propose(g, saliency, opinion.model(), true, guidedEdge());
            Subject judged = ModelCut.judge(fg, proposal);
            if (judged == null && proposal != null && !proposal.calm() && ModelCut.corroborated(fg, proposal)
                    && darkenedSurface(proposal.onGrid()) < SURFACE_SHARE) {
                judged = proposal.cut();
            }
            if (judged != null && !proposal.sure() && shadowBeyondRegion(proposal)) {
                judged = null; // the cues and the cut agree on the product with its cast shadow
            }
            if (judged != null) {
                return new Verdict.CutOut(new Subject(judged.mask(), judged.box(), j.confidence(), true));
            }
            Verdict answer = ModelCut.answer(proposal);
            return answer != null ? answer : Verdict.decline(j.confidence(), true);
        }
        return j.declined() ? j.decline() : new Verdict.Accept(fg, texture.score, THRESHOLD, j.confidence());
    }

    /**
     * Whether the cut's cells beyond the model's region (more than r away) are a cast shadow: at least
     * {@link Plain#SHADOW_SHARE} of the cut, darker than {@link #SHADOW_DARKER} of the backdrop round the cut (a ring
     * r to 4r from it). The model finds a cast shadow less salient than the product; the cues and the cut take it in.
     */
    private boolean shadowBeyondRegion(ModelCut.Proposal p) {
        Mask cut = p.onGrid();
        boolean[] nearRegion = p.region().dilate(r).bits(), round = ring(cut);
        double beyond = 0, ring = 0;
        int nb = 0, nr = 0;
        for (int i = 0; i < round.length; i++) {
            if (cut.get(i) && !nearRegion[i]) {
                beyond += g.lab[0][i];
                nb++;
            } else if (round[i]) {
                ring += g.lab[0][i];
                nr++;
            }
        }
        return nb >= Plain.SHADOW_SHARE * cut.area() && nr > 0 && beyond / nb < SHADOW_DARKER * ring / nr;
    }

    /**
     * The share of the cut's cells that are the surface round it darkened ({@link #SURFACE_DARKER}), judged against a
     * ring r to 4r from the cut: a cast shadow the cut holds, where it lies within the model's region and the cues'
     * mask, so that {@link #shadowBeyondRegion} cannot see it.
     */
    double darkenedSurface(Mask cut) {
        int n = g.cells();
        float[] red = new float[n], green = new float[n], sum = new float[n];
        for (int i = 0; i < n; i++) {
            int c = g.small[i];
            red[i] = (c >> 16) & 0xff;
            green[i] = (c >> 8) & 0xff;
            sum[i] = red[i] + green[i] + (c & 0xff) + 1;
        }
        float[] detail = Detail.detail(sum, g.sw, g.sh);
        red = Colour.boxMean(red, g.sw, g.sh, 1);
        green = Colour.boxMean(green, g.sw, g.sh, 1);
        sum = Colour.boxMean(sum, g.sw, g.sh, 1);
        boolean[] round = ring(cut);
        int nr = 0;
        for (int i = 0; i < n; i++) {
            if (round[i]) nr++;
        }
        if (nr == 0 || cut.area() == 0) {
            return 0;
        }
        float[] ringSum = new float[nr], ringR = new float[nr], ringG = new float[nr], ringDetail = new float[nr];
        for (int i = 0, k = 0; i < n; i++) {
            if (round[i]) {
                ringSum[k] = sum[i];
                ringR[k] = red[i] / sum[i];
                ringG[k] = green[i] / sum[i];
                ringDetail[k] = (detail[i] + 0.5f) / sum[i];
                k++;
            }
        }
        float medSum = Surface.quantile(ringSum, 0.5), medR = Surface.quantile(ringR, 0.5), medG = Surface.quantile(ringG, 0.5);
        float lowDetail = Surface.quantile(ringDetail, 0.1), highDetail = Surface.quantile(ringDetail, 0.9);
        float[] spread = new float[nr];
        for (int k = 0; k < nr; k++) {
            spread[k] = (float) Math.hypot(ringR[k] - medR, ringG[k] - medG);
        }
        float chroma = Surface.quantile(spread, 0.9);
        int surface = 0;
        for (int i = 0; i < n; i++) {
            if (!cut.get(i) || sum[i] >= SURFACE_DARKER * medSum
                    || Math.hypot(red[i] / sum[i] - medR, green[i] / sum[i] - medG) > chroma) {
                continue;
            }
            float d = (detail[i] + 0.5f) / sum[i];
            if (d >= lowDetail && d <= highDetail) {
                surface++;
            }
        }
        return surface / (double) cut.area();
    }

    /** The backdrop round a cut: the cells r to 4r from it, which {@link #shadowBeyondRegion} and {@link #darkenedSurface} compare it with. */
    private boolean[] ring(Mask cut) {
        boolean[] nearCut = cut.dilate(r).bits(), round = cut.dilate(4 * r).bits(), ring = new boolean[round.length];
        for (int i = 0; i < round.length; i++) {
            ring[i] = round[i] && !nearCut[i];
        }
        return ring;
    }

    @Override
    public boolean guidedEdge() {
        return false; // a texture's edges beside the product would pull the ramp off it
    }
}
