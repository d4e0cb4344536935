package dev.cardgen.render.subject.hint;

import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectHint;
import dev.cardgen.render.subject.backdrop.Detail;
import dev.cardgen.render.subject.cut.GrabCut;
import dev.cardgen.render.subject.cut.GraphCut;
import dev.cardgen.render.subject.edge.SoftEdge;
import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.mask.Holes;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.mask.Morphology;
import dev.cardgen.render.subject.model.ModelCut;
import dev.cardgen.render.subject.model.SaliencyModel;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * Cuts the product out again inside a seller's box by GrabCut ({@link GrabCut}; Rother, Kolmogorov and
 * Blake, 2004) on the box and a ring around it: the ring is backdrop, the model's saliency of the crop a
 * prior, include and exclude points small discs tied to their label. Pieces of the cut that meet the
 * backdrop across soft steps go ({@link SoftPieces}). The mask gets the stage's soft edge and guided
 * filter; nothing outside the box is kept.
 */
public final class BoxCut {

    /** Longer side of the grid over the box and its ring (0003). */
    public static final int GRID_SIDE = 400;
    /** The ring, a share of the box's longer side: 0.2 lost the bag on grass (0.994 -> 0.839), moved nothing up. */
    public static final double MARGIN = 0.1;
    /** Rounds of fit and cut: 2 lost the horse before the blurred cat (0.964 -> 0.769); 4 moved one photo for 1/3 more time. */
    public static final int ROUNDS = 3;
    /** GrabCut's γ (nats): 15 and 25 alike; 50 lost 0.04 on the bag and the horse before the blurred cat. */
    public static final double GAMMA = 25;
    /** The saliency's log-odds weight: 0.5 lost the horse before the blurred cat (0.964 -> 0.781), 2 the bag on grass (0.994 -> 0.842). */
    public static final double PRIOR = 1.0;
    /** Saliency is read as at least 5 % sure either way: a map's 0 or 1 is not certainty. */
    public static final float PRIOR_FLOOR = 0.05f;
    /** A point's disc: 1 % of the box's shorter side, given 10 % of its colour model's weight (0003). */
    public static final double CLICK_RADIUS = 0.01;
    public static final double CLICK_SHARE = 0.1;
    /** The local grain's weight beside Lab: 0 -> 1 raised four photos by 0.01-0.03, lowered one by 0.015; 2 was worse. */
    public static final float GRAIN = 1f;
    /** A cut under 5 % of the box is crumbs: products fill 34-86 % of their boxes, an empty box on stone kept < 1 %. */
    public static final double MIN_FILL = 0.05;
    /** A cut spanning < 0.85 of the box is cut again by colour alone, which wins at 0.1 more: four family photos up 0.05-0.76 (0009). */
    public static final double SPAN = 0.85;
    public static final double SPAN_GAIN = 0.1;
    /** The map's weight falls to none at a ring mean of 0.3: set 2 of 152 family photos right, cost none > 0.07 (0009). */
    public static final double RING_DOUBT = 0.3;
    /**
     * A cell in a seller's box looks like the ring when the ring's colour model finds it at least as likely as
     * half the ring's own cells; after the first round such cells no longer teach the product's model,
     * unless they are over {@link #RING_LOOK_SHARE} of the cut: opened three holes of 261 family photos, lost
     * none; 0.4 lost the horse on terrazzo, 0.6 the same, 0.9 or no share lost products of the backdrop's look (0022).
     */
    public static final double RING_LOOK = 0.5;
    public static final double RING_LOOK_SHARE = 0.25;
    /**
     * A cell in a box whose ring is read as the backdrop may be the backdrop in shade, darkened to k of its light:
     * these are k^(1/3), so k from 0.51 to 0.13. A grey tool's cast shadow on a coloured or textured surface is then
     * backdrop: on the 261 family photos 6 of the 13 seller's box cut-outs under IoU 0.8 rose above it (painted-wood
     * scissors 0.524 -> 0.827, photo-brick wrench 0.635 -> 0.894) and 2 grey tools on grey stones fell (pebbles
     * scissors 0.820 -> 0.261); 0.9 as well took more products for shade on light stone (0055). The model's box on a
     * calm map is read so too (0056).
     */
    public static final float[] SHADE = {0.8f, 0.7f, 0.6f, 0.5f};
    /** The shade explanation's price, in nats: at 3 more shadow stayed (marble scissors 0.593 against 0.884 at 1; 0055). */
    public static final double SHADE_COST = 1;

    /**
     * The tuned weights as one value, so a bench can judge them leave-one-family-out
     * ({@code HintLofo}); the service always cuts with {@link #TUNED}.
     */
    public record Knobs(double gamma, double prior, float grain) {
    }

    public static final Knobs TUNED = new Knobs(GAMMA, PRIOR, GRAIN);

    private BoxCut() {
    }

    public static Subject cut(BufferedImage workingCopy, SubjectHint hint, SaliencyModel model) {
        return cut(workingCopy, hint, model, TUNED);
    }

    /**
     * A box the model drew round its own salient region ({@link ModelCut}), read once (the crop and the model's
     * saliency of it), to be cut one way or both ({@link ModelsBox#cut}); null when the box is too small to cut.
     */
    public static ModelsBox modelsBox(BufferedImage workingCopy, Rectangle box, SaliencyModel model) {
        return read(workingCopy, SubjectHint.of(box.intersection(new Rectangle(0, 0, workingCopy.getWidth(),
                workingCopy.getHeight()))), model, TUNED);
    }

    /** The crop of {@code hint}'s box (within the photo) and the model's saliency of it; null where no box is left. */
    private static ModelsBox read(BufferedImage workingCopy, SubjectHint hint, SaliencyModel model, Knobs knobs) {
        int w = workingCopy.getWidth(), h = workingCopy.getHeight();
        Rectangle box = hint.box().intersection(new Rectangle(0, 0, w, h));
        Crop c = box.isEmpty() ? null : Crop.over(workingCopy, box, knobs.grain());
        if (c == null) {
            return null;
        }
        return new ModelsBox(w, h, hint, c, model == null ? null : model.saliency(c.g.small, c.g.sw, c.g.sh), knobs);
    }

    /** The crop and the model's saliency of a box ({@link #modelsBox}; a seller's box reads its own the same way). */
    public static final class ModelsBox {
        private final int w, h;
        private final SubjectHint hint;
        private final Crop c;
        private final float[] prior;
        private final Knobs knobs;

        private ModelsBox(int w, int h, SubjectHint hint, Crop c, float[] prior, Knobs knobs) {
            this.w = w;
            this.h = h;
            this.hint = hint;
            this.c = c;
            this.prior = prior;
            this.knobs = knobs;
        }

        /**
         * The cut: that box is no evidence of its own, so the map is read as it is and the cut is not held to
         * spanning the box. With {@code asSellers} the ring is read as a seller's is (the box's cells that look like
         * it, and the backdrop in shade: {@link GrabCut#start}). With {@code guided} the soft edge is moved onto the
         * photo's own edge, as the backdrop's own masks are (off on a texture, whose edges it would draw into the
         * product's: decision 0049).
         */
        public Subject cut(boolean asSellers, boolean guided) {
            return BoxCut.cut(w, h, hint, c, prior, knobs, false, asSellers, guided);
        }
    }

    public static Subject cut(BufferedImage workingCopy, SubjectHint hint, SaliencyModel model, Knobs knobs) {
        ModelsBox read = read(workingCopy, hint, model, knobs);
        return read == null ? Subject.fullFrame(workingCopy.getWidth(), workingCopy.getHeight(), 0)
                : cut(read.w, read.h, hint, read.c, read.prior, knobs, true, true, true);
    }

    /**
     * The cut over crop {@code c} of a {@code w} x {@code h} photo with the model's saliency {@code prior}
     * (null: none). A seller's box ({@code sellersBox}) is evidence: its ring is backdrop and the product spans it.
     * {@code readRing}: the box's cells that look like the ring, or like it in shade, are read as it ({@link GrabCut#start});
     * a seller's box always is. {@code guided}: the soft edge through the guided filter ({@link SoftEdge#mask}); a
     * seller's box always is.
     */
    static Subject cut(int w, int h, SubjectHint hint, Crop c, float[] prior, Knobs knobs, boolean sellersBox, boolean readRing,
                       boolean guided) {
        Grid g = c.g;
        byte[] hard = c.hardLabels(hint);
        // the box says the ring is backdrop: a map that calls the ring salient is read with less weight
        double trust = prior == null ? 0 : sellersBox ? trust(prior, c.inBox.bits()) : 1;
        float[] p = trust > 0 ? prior : null;
        Knobs k = trust < 1 ? new Knobs(knobs.gamma(), knobs.prior() * trust, knobs.grain()) : knobs;
        GrabCut.Cut cut = GrabCut.run(g.lab, c.features, g.sw, g.sh, p, hard, c.inBox.bits(), k, readRing);
        // crumbs of the backdrop that matched the product's colours go; a pair of shoes stays
        int crumbs = Math.max(4, g.cells() / 2000);
        Mask fg = g.mask(cut.fg()).keepMain(crumbs);
        double span = c.span(fg);
        if (sellersBox && p != null && span < SPAN && fg.area() >= MIN_FILL * c.boxCells) {
            // the map found a product but may have missed part of it (one bottle of a pair, the print and not
            // the body): the colours alone get their say, and the cut that spans the box wins. Where it found
            // nothing, nothing it is: the colours alone would take an empty box whole.
            GrabCut.Cut alone = GrabCut.run(g.lab, c.features, g.sw, g.sh, null, hard, c.inBox.bits(), knobs, true);
            Mask fa = g.mask(alone.fg()).keepMain(crumbs);
            if (c.span(fa) >= span + SPAN_GAIN) {
                cut = alone;
                fg = fa;
            }
        }
        if (sellersBox) {
            // a defocused object behind the product, marked by the map, meets the backdrop across soft steps (0039);
            // a cut it would empty stays: a light product on a light sweep may have no sharp step all round
            Mask sharp = SoftPieces.drop(g, fg, c.boxCells).keepMain(crumbs);
            if (sharp.area() >= Math.max(9, MIN_FILL * c.boxCells)) fg = sharp;
        }
        fg = Holes.fill(keepWhatIsIncluded(fg, g.mask(cut.fg()), hard), Math.max(16, g.cells() / 500));
        if (fg.area() < Math.max(9, MIN_FILL * c.boxCells)) {
            return Subject.fullFrame(w, h, 0);
        }
        byte[] crop = SoftEdge.mask(g, fg, fg.score(), 1, guided);
        byte[] m = new byte[w * h];
        // only the box: the soft edge and the guided filter may reach into the ring
        Rectangle box = c.box;
        for (int y = box.y; y < box.y + box.height; y++) {
            System.arraycopy(crop, (y - c.cy) * g.width + box.x - c.cx, m, y * w + box.x, box.width);
        }
        return Subject.of(m, w, h, cut.colourBacked());
    }

    /** How far the map is to be read: 1 - (its mean over the ring) / {@link #RING_DOUBT}, within 0 to 1. */
    static double trust(float[] prior, boolean[] inBox) {
        double ring = 0;
        int cells = 0;
        for (int i = 0; i < prior.length; i++) {
            if (!inBox[i]) {
                ring += prior[i];
                cells++;
            }
        }
        return cells == 0 ? 1 : Math.max(0, Math.min(1, 1 - ring / cells / RING_DOUBT));
    }

    /** {@code kept} and each piece of the cut that holds an include point, however small: the seller said so. */
    private static Mask keepWhatIsIncluded(Mask kept, Mask cut, byte[] hard) {
        Morphology.Components c = cut.components(true);
        boolean[] included = new boolean[c.count() + 1];
        for (int i = 0; i < hard.length; i++) {
            if (hard[i] == GrabCut.INCLUDED) included[c.labels()[i]] = true;
        }
        boolean[] out = kept.bits().clone();
        for (int i = 0; i < out.length; i++) {
            int l = c.labels()[i];
            if (l != 0 && included[l]) out[i] = true;
        }
        return kept.with(out);
    }

    /** The box and its ring: the grid over them, which cells lie in the box, and what the colour models read. */
    static final class Crop {
        final Grid g;
        /** The crop's top left corner in the photo. */
        final int cx, cy;
        final Rectangle box;
        final Mask inBox;
        final int boxCells;
        /** The box's extent in grid cells. */
        final int boxCellWidth, boxCellHeight;
        /** Lab (blurred) and the local grain. */
        final float[][] features;

        private Crop(Grid g, int cx, int cy, Rectangle box, float grainWeight) {
            this.g = g;
            this.cx = cx;
            this.cy = cy;
            this.box = box;
            float[] grain = Detail.detail(g.lightness, g.sw, g.sh); // before the blur: grain is what it removes
            for (int i = 0; i < grain.length; i++) grain[i] *= grainWeight;
            this.features = new float[][] {g.lab[0], g.lab[1], g.lab[2], grain};
            boolean[] in = new boolean[g.cells()];
            for (int y = 0; y < g.sh; y++) {
                for (int x = 0; x < g.sw; x++) {
                    // a cell is in the box when its centre is
                    double px = cx + (x + 0.5) * g.f, py = cy + (y + 0.5) * g.f;
                    in[y * g.sw + x] = px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height;
                }
            }
            this.inBox = g.mask(in);
            this.boxCells = inBox.area();
            Rectangle cells = inBox.bounds();
            this.boxCellWidth = cells == null ? 1 : cells.width;
            this.boxCellHeight = cells == null ? 1 : cells.height;
        }

        /** The share of the box's width and of its height that {@code fg}'s cells in the box span, the smaller; 0 for none. */
        double span(Mask fg) {
            boolean[] both = fg.bits().clone();
            for (int i = 0; i < both.length; i++) both[i] &= inBox.get(i);
            Rectangle r = g.mask(both).bounds();
            return r == null ? 0 : Math.min(r.width / (double) boxCellWidth, r.height / (double) boxCellHeight);
        }

        /** The box and its ring ({@link #MARGIN}) on a grid of at most {@link #GRID_SIDE} px, or null when too small to cut. */
        static Crop over(BufferedImage img, Rectangle box, float grainWeight) {
            int w = img.getWidth();
            int m = Math.max(2, (int) Math.round(MARGIN * Math.max(box.width, box.height)));
            Rectangle crop = new Rectangle(box.x - m, box.y - m, box.width + 2 * m, box.height + 2 * m)
                    .intersection(new Rectangle(0, 0, w, img.getHeight()));
            int[] all = Grid.pixels(img);
            int[] rgb = new int[crop.width * crop.height];
            for (int y = 0; y < crop.height; y++) {
                System.arraycopy(all, (crop.y + y) * w + crop.x, rgb, y * crop.width, crop.width);
            }
            Grid g = Grid.of(null, rgb, crop.width, crop.height, GRID_SIDE);
            return g == null ? null : new Crop(g, crop.x, crop.y, box, grainWeight);
        }

        /**
         * The cells whose label is given ({@link GrabCut#INCLUDED}, {@link GrabCut#EXCLUDED},
         * {@link GrabCut#OUTSIDE}); 0 where the cut decides.
         */
        byte[] hardLabels(SubjectHint hint) {
            byte[] hard = new byte[g.cells()];
            for (int i = 0; i < hard.length; i++) {
                if (!inBox.get(i)) hard[i] = GrabCut.OUTSIDE;
            }
            int r = Math.max(1, (int) Math.round(CLICK_RADIUS * Math.min(box.width, box.height) / g.f));
            for (Point p : hint.exclude()) disc(hard, p, r, GrabCut.EXCLUDED);
            for (Point p : hint.include()) disc(hard, p, r, GrabCut.INCLUDED);
            return hard;
        }

        private void disc(byte[] hard, Point p, int r, byte label) {
            int gx = (int) Math.floor((p.x - cx) / (double) g.f), gy = (int) Math.floor((p.y - cy) / (double) g.f);
            for (int y = Math.max(0, gy - r); y <= Math.min(g.sh - 1, gy + r); y++) {
                for (int x = Math.max(0, gx - r); x <= Math.min(g.sw - 1, gx + r); x++) {
                    int dx = x - gx, dy = y - gy;
                    if (dx * dx + dy * dy <= r * r && inBox.get(y * g.sw + x)) hard[y * g.sw + x] = label;
                }
            }
        }
    }
}
