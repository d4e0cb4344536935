package dev.cardgen.render.subject.cut;

import dev.cardgen.render.subject.hint.BoxCut;
import dev.cardgen.render.subject.hint.Clicks;
import java.util.Arrays;

/**
 * GrabCut's rounds over a grid: fit a colour model ({@link Gmm}: Lab and the local grain) to
 * the product and one to the backdrop, label every free cell by a minimum cut ({@link GraphCut}),
 * refit the models from the labels, cut again. A cell pays -ln p(its look | model) for a label, plus the saliency
 * prior's -ln p(label) times {@link BoxCut#PRIOR}; two 4-neighbours on opposite sides pay
 * γ · exp(-β |Δ Lab|²), β from the grid's mean squared step, so an outline is cheap only on the
 * photo's own edges. Cells with a hard label are tied to their terminal. The rounds share one graph, each
 * starting from the flow the last one found ({@link GraphCut#terminal}). Where the ring is read as the backdrop (a
 * seller's box, the model's box on a calm map) a cell may also be the backdrop in shade ({@link BoxCut#SHADE}): its
 * look, lit again, is the backdrop's.
 */
public final class GrabCut {

    /** Hard labels: an include point's disc, an exclude point's disc, outside the box. */
    public static final byte INCLUDED = 1, EXCLUDED = -1, OUTSIDE = -2;
    private static final float HARD = 1e6f;

    private GrabCut() {
    }

    /**
     * The cut: the product's cells, and the share of them whose colour alone (the last round's
     * models, no prior, no neighbours) calls them product - how much of the cut the colours back.
     */
    public record Cut(boolean[] fg, double colourBacked) {
    }

    /**
     * The product's cells. {@code hard}: {@link #INCLUDED}, {@link #EXCLUDED}, {@link #OUTSIDE} or 0 (free); {@code prior}: the
     * product's probability per cell, or null for none; {@code inBox}: cells the first product
     * model is fitted to; {@code ringIsBackdrop}: as for {@link #start}.
     */
    public static Cut run(float[][] lab, float[][] features, int w, int h, float[] prior, byte[] hard, boolean[] inBox,
                   BoxCut.Knobs knobs, boolean ringIsBackdrop) {
        Rounds r = start(lab, features, w, h, prior, hard, inBox, knobs, ringIsBackdrop);
        while (r.done() < BoxCut.ROUNDS && r.next()) {
            // each round fits and cuts
        }
        return r.cut();
    }

    /**
     * GrabCut's rounds one at a time, so a caller may look at a round's cut before the next
     * ({@link Rounds#next()}); {@link #run} is {@link BoxCut#ROUNDS} of them. {@code ringIsBackdrop}: the cells
     * outside the box are read as the backdrop (a seller's box; the model's own box where its map is calm), so after the
     * first round the product's model is refitted without the box's cells that look like them ({@link BoxCut#RING_LOOK}),
     * and a cell may be the backdrop in shade ({@link BoxCut#SHADE}).
     */
    public static Rounds start(float[][] lab, float[][] features, int w, int h, float[] prior, byte[] hard, boolean[] inBox,
                   BoxCut.Knobs knobs, boolean ringIsBackdrop) {
        return new Rounds(lab, features, w, h, prior, hard, inBox, knobs, ringIsBackdrop);
    }

    /** The state of GrabCut's rounds over one grid: the models, the graph and its flow, the last round's labels. */
    public static final class Rounds {
        private final float[][] features;
        private final int n;
        private final float[] prior;
        private final byte[] hard;
        private final boolean[] excluded;
        private final float[] fgW, bgW;
        private Gmm product, backdrop;
        private final boolean[] fg;
        private float[] priorCost;
        /** Per free cell: -ln p(colour | backdrop) + ln p(colour | product); > 0 where colour says product. */
        private float[] colourCost;
        private GraphCut g;
        /** Each free cell's likeliest component of either model, found with its cost and reused by the refit. */
        private int[] productComp, backdropComp;
        private int done, area, backed;
        /**
         * Free cells in the box whose look is the ring's (the backdrop's first model scores them at least as
         * likely as {@link BoxCut#RING_LOOK} of the ring's own cells), found in the first round; null where not
         * asked for or not used.
         */
        private boolean[] ringLook;
        /** The backdrop's first model's cost of the ring's cell at {@link BoxCut#RING_LOOK} of the ring's costs, in order. */
        private float ringBound;
        /** Free cells the last round took for the backdrop in shade (not taught to the backdrop's model); null: not asked. */
        private final boolean[] shade;

        private Rounds(float[][] lab, float[][] features, int w, int h, float[] prior, byte[] hard, boolean[] inBox,
                       BoxCut.Knobs knobs, boolean ringIsBackdrop) {
            this.features = features;
            this.prior = prior;
            this.hard = hard;
            n = w * h;
            float[] right = new float[n], down = new float[n];
            pairwise(lab, w, h, right, down, knobs.gamma());
            // an exclude point's object: no saliency, and its colours are the backdrop's
            excluded = Clicks.excluded(lab, w, h, hard);
            fgW = new float[n];
            bgW = new float[n];
            for (int i = 0; i < n; i++) {
                if (hard[i] >= 0 && inBox[i] && !excluded[i]) {
                    // GrabCut's first product model is the whole box; the saliency says which of it counts
                    fgW[i] = prior == null ? 1 : BoxCut.PRIOR_FLOOR + prior[i];
                }
                if (!inBox[i]) bgW[i] = 1;
            }
            addClicks(fgW, hard, INCLUDED, null);
            addClicks(bgW, hard, EXCLUDED, excluded);
            product = Gmm.fit(features, fgW);
            backdrop = Gmm.fit(features, bgW);
            fg = new boolean[n];
            if (product == null || backdrop == null) {
                shade = null;
                return;
            }
            if (ringIsBackdrop) {
                ringLook = new boolean[n];
                ringBound = ringBound(features, inBox, backdrop);
            }
            priorCost = priorCost(prior, excluded, n, knobs.prior());
            colourCost = new float[n];
            // one graph for every round: the edges stay, the terminals change, and the flow found carries over
            g = new GraphCut(w, h);
            for (int i = 0; i < n; i++) {
                if (i % w < w - 1) g.edge(i, 0, right[i]);
                if (i / w < h - 1) g.edge(i, 2, down[i]);
            }
            // lit again needs Lab and the grain: the four features a box is cut on
            shade = ringIsBackdrop && features.length == 4 ? new boolean[n] : null;
            productComp = new int[n];
            backdropComp = new int[n];
            Arrays.fill(productComp, -1);
            Arrays.fill(backdropComp, -1);
        }

        /** Rounds cut so far. */
        public int done() {
            return done;
        }

        /**
         * One more round: the models refitted from the last round's labels (the first round: from the box),
         * every free cell labelled by a minimum cut. False when no models could be fitted (nothing is cut).
         */
        public boolean next() {
            if (g == null) return false;
            if (done == 1 && ringLook != null && !fewLookLikeTheRing()) {
                // most of the first cut looks like the ring: the product has the backdrop's look, and its model needs it
                ringLook = null;
            }
            if (done > 0) {
                for (int i = 0; i < n; i++) {
                    // a hole or gap the first cut kept shows the ring's look: the product's model is not taught it
                    boolean skip = ringLook != null && ringLook[i];
                    fgW[i] = fg[i] && hard[i] == 0 && !skip ? (prior == null ? 1 : BoxCut.PRIOR_FLOOR + prior[i]) : 0;
                    // a shadow is the backdrop, but its dark look would teach the backdrop's model the product's greys
                    bgW[i] = fg[i] || excluded[i] || shade != null && shade[i] ? 0 : 1;
                }
                addClicks(fgW, hard, INCLUDED, null);
                addClicks(bgW, hard, EXCLUDED, excluded);
                product = product.refit(features, fgW, productComp);
                backdrop = backdrop.refit(features, bgW, backdropComp);
            }
            for (int i = 0; i < n; i++) {
                if (hard[i] != 0) {
                    g.terminal(i, hard[i] > 0 ? HARD : -HARD);
                } else {
                    double toBackdrop = backdrop.cost(features, i, backdropComp);
                    // a free cell lies in the box; the first round's backdrop model is the one fitted to the ring
                    if (done == 0 && ringLook != null) ringLook[i] = (float) toBackdrop <= ringBound;
                    if (shade != null) {
                        double inShade = inShade(i, toBackdrop);
                        shade[i] = inShade < toBackdrop;
                        if (shade[i]) toBackdrop = inShade;
                    }
                    colourCost[i] = (float) (toBackdrop - product.cost(features, i, productComp));
                    g.terminal(i, colourCost[i] + priorCost[i]);
                }
            }
            g.solve();
            area = 0;
            backed = 0;
            for (int i = 0; i < n; i++) {
                fg[i] = g.source(i);
                if (fg[i]) {
                    area++;
                    if (colourCost[i] > 0) backed++;
                }
            }
            done++;
            return true;
        }

        /**
         * The backdrop's cost of cell i as the backdrop in shade: its look lit again by each of {@link BoxCut#SHADE}
         * (a shadow scales linear RGB by k, so L* + 16, a* and b* by k^(1/3), and the grain with them), the
         * likeliest, plus {@link BoxCut#SHADE_COST}; +∞ where that is not below {@code asItIs}.
         */
        private double inShade(int i, double asItIs) {
            double best = Double.POSITIVE_INFINITY, bound = asItIs - BoxCut.SHADE_COST;
            for (float c : BoxCut.SHADE) {
                best = Math.min(best, backdrop.cost((features[0][i] + 16) / c - 16, features[1][i] / c, features[2][i] / c,
                        features[3][i] / c, Math.min(best, bound)));
            }
            double inShade = best + BoxCut.SHADE_COST;
            return inShade < asItIs ? inShade : Double.POSITIVE_INFINITY;
        }

        /** Whether at most {@link BoxCut#RING_LOOK_SHARE} of the cut's free cells look like the ring. */
        private boolean fewLookLikeTheRing() {
            int cut = 0, look = 0;
            for (int i = 0; i < n; i++) {
                if (fg[i] && hard[i] == 0) {
                    cut++;
                    if (ringLook[i]) look++;
                }
            }
            return cut > 0 && look <= BoxCut.RING_LOOK_SHARE * cut;
        }

        /** The last round's cut (nothing before the first). */
        public Cut cut() {
            return new Cut(fg.clone(), area == 0 ? 0 : backed / (double) area);
        }
    }

    /**
     * The cost to {@code backdrop} (fitted to the ring) of the ring's cell at {@link BoxCut#RING_LOOK} of the
     * ring's costs, in order; -∞ (no cell looks like a ring that is not there) without a ring.
     */
    private static float ringBound(float[][] features, boolean[] inBox, Gmm backdrop) {
        float[] ring = new float[inBox.length];
        int m = 0;
        for (int i = 0; i < inBox.length; i++) {
            if (!inBox[i]) ring[m++] = (float) backdrop.cost(features, i);
        }
        if (m == 0) return Float.NEGATIVE_INFINITY;
        Arrays.sort(ring, 0, m);
        return ring[Math.min(m - 1, (int) (BoxCut.RING_LOOK * m))];
    }

    /**
     * The saliency's log-odds for the product, in the cut's units: ln s - ln(1 - s), weighted,
     * floored; on an exclude point's object, the floor.
     */
    private static float[] priorCost(float[] prior, boolean[] excluded, int n, double weight) {
        float[] c = new float[n];
        if (prior == null) return c;
        float lo = BoxCut.PRIOR_FLOOR, hi = 1 - lo;
        for (int i = 0; i < n; i++) {
            float s = excluded[i] ? lo : Math.max(lo, Math.min(hi, prior[i]));
            c[i] = (float) (weight * Math.log(s / (1 - s)));
        }
        return c;
    }

    /**
     * Gives the cells of the points with this label - their discs, or {@code region} where given -
     * {@link BoxCut#CLICK_SHARE} of the model's weight: a click is a few cells among tens of
     * thousands, and its colours must still find a component of their own.
     */
    private static void addClicks(float[] weight, byte[] hard, byte label, boolean[] region) {
        double total = 0;
        int cells = 0;
        for (int i = 0; i < weight.length; i++) {
            total += weight[i];
            if (region == null ? hard[i] == label : region[i]) cells++;
        }
        if (cells == 0) return;
        float each = (float) Math.max(1, BoxCut.CLICK_SHARE * total / cells);
        for (int i = 0; i < weight.length; i++) {
            if (region == null ? hard[i] == label : region[i]) weight[i] = Math.max(weight[i], each);
        }
    }

    /** γ · exp(-β |Δ Lab|²) to the right and to the lower neighbour, β = 1 / (2 · mean |Δ Lab|²). */
    private static void pairwise(float[][] lab, int w, int h, float[] right, float[] down, double gamma) {
        int n = w * h;
        double sum = 0;
        long count = 0;
        for (int i = 0; i < n; i++) {
            if (i % w < w - 1) {
                right[i] = d2(lab, i, i + 1);
                sum += right[i];
                count++;
            }
            if (i / w < h - 1) {
                down[i] = d2(lab, i, i + w);
                sum += down[i];
                count++;
            }
        }
        double beta = 1 / (2 * Math.max(1e-6, sum / Math.max(1, count)));
        for (int i = 0; i < n; i++) {
            right[i] = (float) (gamma * Math.exp(-beta * right[i]));
            down[i] = (float) (gamma * Math.exp(-beta * down[i]));
        }
    }

    private static float d2(float[][] lab, int i, int j) {
        float a = lab[0][i] - lab[0][j], b = lab[1][i] - lab[1][j], c = lab[2][i] - lab[2][j];
        return a * a + b * b + c * c;
    }
}
