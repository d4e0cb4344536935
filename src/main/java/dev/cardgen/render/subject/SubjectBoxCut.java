package dev.cardgen.render.subject;

import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * Cuts the product out again inside a seller's box, in the manner of GrabCut (Rother, Kolmogorov
 * and Blake, 2004): outside the box is backdrop; colour models of the product and of the backdrop
 * give each pixel a cost per label, the model's saliency inside the box adds its opinion, a
 * contrast-sensitive Potts term makes an outline cheap only on the photo's own edges, and a
 * minimum cut ({@link SubjectGraphCut}) labels the box; the models are refitted from the cut and
 * the cut is made again. Include and exclude points are small discs tied to their label.
 *
 * <p>It works on the box and a ring around it ({@link #MARGIN}), downsampled to at most
 * {@link #GRID_SIDE} px: the ring teaches the backdrop's model what lies just outside the box,
 * and the model sees the box at a higher resolution than in the whole photo. The mask gets the
 * automatic stage's soft edge, is upsampled to the working copy and moved onto the photo's own
 * edge by the guided filter; nothing outside the box is kept.
 */
final class SubjectBoxCut {

    /** Longer side of the segmentation grid over the box and its ring. */
    static final int GRID_SIDE = 400;
    /**
     * The ring around the box, as a share of the box's longer side: samples of the backdrop. Tuning
     * part at 1600x1200: 0.2 lost the bag on grass (0.994 -> 0.839) and moved nothing up.
     */
    static final double MARGIN = 0.1;
    /**
     * Rounds of fit and cut. Tuning part at 1600x1200: 2 lost the horse before the blurred cat
     * (0.964 -> 0.769); 4 changed one photo (+0.03) for a third more time.
     */
    static final int ROUNDS = 3;
    /**
     * Cost of an outline between two neighbours of the same colour (nats), as GrabCut's γ. Tuning
     * part at 1600x1200: 15 and 25 alike; 50 lost 0.04 on the bag and the horse before the blurred cat.
     */
    static final double GAMMA = 25;
    /**
     * Weight of the saliency's log-odds against the colour models' (nats per nat). Tuning part at
     * 1600x1200: 0.5 lost the horse before the blurred cat (0.964 -> 0.781), 2 the bag on grass
     * (0.994 -> 0.842).
     */
    static final double PRIOR = 1.0;
    /** Saliency is read as at least this sure either way: a map's 0 or 1 is not certainty. */
    static final float PRIOR_FLOOR = 0.05f;
    /** Radius of an include or exclude point's disc, as a share of the box's shorter side. */
    static final double CLICK_RADIUS = 0.01;
    /** Share of a colour model's samples given to the discs of its points. */
    static final double CLICK_SHARE = 0.1;
    /**
     * Weight of the local grain ({@link SubjectDetail#detail}, L units) beside Lab in the colour
     * models: a product's smooth dark side and the dark gaps of a lawn share a colour, not a grain.
     * Tuning part at 1600x1200: 0 -> 1 raised four photos by 0.01-0.03 (the pairs of bottles on the
     * sweep and before the blurred camera man) and lowered one by 0.015; 2 was worse than 1.
     */
    static final float GRAIN = 1f;
    /**
     * A box drawn round a product is filled by it: a cut holding less of the box than this is crumbs
     * of the backdrop, and nothing is reported. The tuning products fill 34-86 % of their boxes; an
     * empty box on the drawn stone kept four specks of its veins (under 1 %).
     */
    static final double MIN_FILL = 0.05;
    /**
     * A box drawn round a product is spanned by it: the product reaches near each of its sides. A cut
     * spanning less than this share of the box's width or height (the smaller) has missed part of it,
     * and the colours alone are asked. Family tuning part at 1600x1200, box = truth + 3 % (so the
     * products span 0.94): four photos changed, all up, by 0.05 to 0.76 (a bottle's body, the second
     * bottle of a pair); on the frozen part the scissors on painted wood fell 0.80 -> 0.52 (the
     * colours' cut spans the box with the cast shadow).
     */
    static final double SPAN = 0.85;
    /** How much more of the box the colours' cut must span to replace the one the map steered. */
    static final double SPAN_GAIN = 0.1;
    /**
     * Mean saliency over the ring at which the map is not read at all; below it, the prior's weight
     * falls linearly with it. A map that marks the ring, which the box says is backdrop, has not seen
     * the product (on a patterned paper it marks the paper). Family tuning part at 1600x1200: 0.3
     * set 2 of 152 photos right and cost none more than 0.07.
     */
    static final double RING_DOUBT = 0.3;

    /**
     * The tuned weights as one value, so a bench can judge them leave-one-family-out
     * ({@code SubjectHintLofo}); the service always cuts with {@link #TUNED}.
     */
    record Knobs(double gamma, double prior, float grain) {
    }

    static final Knobs TUNED = new Knobs(GAMMA, PRIOR, GRAIN);

    /** The guided filter's radius at working-copy size, in grid pixels (as the automatic stage). */
    private static final int GUIDE_RADIUS = 2;

    private SubjectBoxCut() {
    }

    static Subject cut(BufferedImage workingCopy, SubjectHint hint, SubjectModel model) {
        return cut(workingCopy, hint, model, TUNED);
    }

    /**
     * The cut inside a box the model drew round its own salient region ({@link SubjectModelCut}): that box
     * is no evidence of its own, so the map is read as it is and the cut is not held to spanning the box.
     */
    static Subject cutModelsBox(BufferedImage workingCopy, Rectangle box, SubjectModel model) {
        return cut(workingCopy, SubjectHint.of(box), model, TUNED, false);
    }

    static Subject cut(BufferedImage workingCopy, SubjectHint hint, SubjectModel model, Knobs knobs) {
        return cut(workingCopy, hint, model, knobs, true);
    }

    private static Subject cut(BufferedImage workingCopy, SubjectHint hint, SubjectModel model, Knobs knobs, boolean sellersBox) {
        int w = workingCopy.getWidth(), h = workingCopy.getHeight();
        Rectangle box = hint.box().intersection(new Rectangle(0, 0, w, h));
        if (box.isEmpty()) {
            return Subject.fullFrame(w, h, 0);
        }
        Grid g = Grid.over(workingCopy, box, knobs.grain());
        if (g == null) {
            return Subject.fullFrame(w, h, 0);
        }
        float[] prior = model == null ? null : model.saliency(g.small, g.sw, g.sh);
        return cut(workingCopy, hint, g, prior, knobs, sellersBox);
    }

    /**
     * The cut over grid {@code g} with the model's saliency {@code prior} (null: none). A seller's box
     * ({@code sellersBox}) is evidence: its ring is backdrop and the product spans it.
     */
    static Subject cut(BufferedImage workingCopy, SubjectHint hint, Grid g, float[] prior, Knobs knobs, boolean sellersBox) {
        int w = workingCopy.getWidth(), h = workingCopy.getHeight();
        Rectangle box = g.box;
        int n = g.sw * g.sh;
        byte[] hard = g.hardLabels(hint);
        // the box says the ring is backdrop: a map that calls the ring salient is read with less weight
        double trust = prior == null ? 0 : sellersBox ? trust(prior, g.inBox) : 1;
        float[] p = trust > 0 ? prior : null;
        Knobs k = trust < 1 ? new Knobs(knobs.gamma(), knobs.prior() * trust, knobs.grain()) : knobs;
        SubjectGrabCut.Cut cut = SubjectGrabCut.run(g.lab, g.features, g.sw, g.sh, p, hard, g.inBox, k);
        // crumbs of the backdrop that matched the product's colours go; a pair of shoes stays
        int crumbs = Math.max(4, n / 2000);
        boolean[] fg = SubjectExtractor.keepMainComponents(cut.fg(), g.sw, g.sh, crumbs);
        double span = g.span(fg);
        if (sellersBox && p != null && span < SPAN && count(fg) >= MIN_FILL * g.boxCells) {
            // the map found a product but may have missed part of it (it marks one bottle of a pair, the print
            // on a bottle and not its body): the colours alone get their say, and the cut that spans the box wins.
            // Where it found nothing, nothing it is: the colours alone would take an empty box whole.
            SubjectGrabCut.Cut alone = SubjectGrabCut.run(g.lab, g.features, g.sw, g.sh, null, hard, g.inBox, knobs);
            boolean[] fa = SubjectExtractor.keepMainComponents(alone.fg(), g.sw, g.sh, crumbs);
            if (g.span(fa) >= span + SPAN_GAIN) {
                cut = alone;
                fg = fa;
            }
        }
        keepWhatIsIncluded(fg, cut.fg(), g.sw, g.sh, hard);
        fg = SubjectHoles.fill(fg, g.sw, g.sh, Math.max(16, n / 500));
        int area = count(fg);
        if (area < Math.max(9, MIN_FILL * g.boxCells)) {
            return Subject.fullFrame(w, h, 0);
        }
        float[] alpha = SubjectSoftEdge.alpha(fg, g.small, SubjectExtractor.enclosedScore(fg), 1, g.sw, g.sh);
        byte[] crop = new byte[g.cw * g.ch];
        SubjectColour.upsample(alpha, g.sw, g.sh, g.f, crop, g.cw, g.ch);
        SubjectGuidedEdge.refine(crop, g.rgb, g.cw, g.ch, GUIDE_RADIUS * g.f);
        BufferedImage mask = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        // only the box: the soft edge and the guided filter may reach into the ring
        for (int y = box.y; y < box.y + box.height; y++) {
            int src = (y - g.cy) * g.cw + box.x - g.cx;
            System.arraycopy(crop, src, m, y * w + box.x, box.width);
        }
        Rectangle bounds = SubjectExtractor.bounds(m, w, h);
        if (bounds == null) {
            return Subject.fullFrame(w, h, 0);
        }
        return new Subject(mask, bounds, cut.colourBacked(), true);
    }

    private static int count(boolean[] cells) {
        int n = 0;
        for (boolean b : cells) {
            if (b) n++;
        }
        return n;
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

    /** Adds to {@code kept} each piece of the cut that holds an include point, however small: the seller said so. */
    private static void keepWhatIsIncluded(boolean[] kept, boolean[] cut, int w, int h, byte[] hard) {
        SubjectMorphology.Components c = SubjectMorphology.label(cut, w, h, true);
        boolean[] included = new boolean[c.count() + 1];
        for (int i = 0; i < hard.length; i++) {
            if (hard[i] == SubjectGrabCut.INCLUDED) included[c.labels()[i]] = true;
        }
        for (int i = 0; i < kept.length; i++) {
            int l = c.labels()[i];
            if (l != 0 && included[l]) kept[i] = true;
        }
    }

    /**
     * The box and its ring on the segmentation grid: the crop's pixels, the grid (f x f blocks
     * averaged) and which grid cells lie in the box.
     */
    static final class Grid {
        final int cx, cy, cw, ch, f, sw, sh;
        final int[] rgb;
        final int[] small;
        /** The grid in Lab, 3x3-blurred against sensor noise and JPEG (as the automatic stage). */
        final float[][] lab;
        /** What the colour models read: Lab and the local grain. */
        final float[][] features;
        final boolean[] inBox;
        final int boxCells;
        /** The box's extent in grid cells. */
        final int boxCellWidth, boxCellHeight;
        final Rectangle box;

        private Grid(Rectangle crop, int f, int[] rgb, Rectangle box, float grainWeight) {
            this.cx = crop.x;
            this.cy = crop.y;
            this.cw = crop.width;
            this.ch = crop.height;
            this.f = f;
            this.sw = cw / f;
            this.sh = ch / f;
            this.rgb = rgb;
            this.small = SubjectColour.downsample(rgb, cw, ch, f, sw, sh);
            this.lab = SubjectColour.toLab(small);
            float[] grain = SubjectDetail.detail(lab[0], sw, sh); // before the blur: grain is what it removes
            SubjectColour.blur3(lab, sw, sh);
            for (int i = 0; i < grain.length; i++) grain[i] *= grainWeight;
            this.features = new float[][] {lab[0], lab[1], lab[2], grain};
            this.box = box;
            this.inBox = new boolean[sw * sh];
            int cells = 0;
            for (int y = 0; y < sh; y++) {
                for (int x = 0; x < sw; x++) {
                    // a cell is in the box when its centre is
                    double px = cx + (x + 0.5) * f, py = cy + (y + 0.5) * f;
                    boolean in = px >= box.x && px < box.x + box.width && py >= box.y && py < box.y + box.height;
                    inBox[y * sw + x] = in;
                    if (in) cells++;
                }
            }
            this.boxCells = cells;
            int x0 = sw, y0 = sh, x1 = -1, y1 = -1;
            for (int i = 0; i < inBox.length; i++) {
                if (!inBox[i]) continue;
                x0 = Math.min(x0, i % sw);
                x1 = Math.max(x1, i % sw);
                y0 = Math.min(y0, i / sw);
                y1 = Math.max(y1, i / sw);
            }
            this.boxCellWidth = Math.max(1, x1 - x0 + 1);
            this.boxCellHeight = Math.max(1, y1 - y0 + 1);
        }

        /** The share of the box's width and of its height that {@code fg}'s cells in the box span, the smaller; 0 for none. */
        double span(boolean[] fg) {
            int x0 = sw, y0 = sh, x1 = -1, y1 = -1;
            for (int i = 0; i < fg.length; i++) {
                if (!fg[i] || !inBox[i]) continue;
                x0 = Math.min(x0, i % sw);
                x1 = Math.max(x1, i % sw);
                y0 = Math.min(y0, i / sw);
                y1 = Math.max(y1, i / sw);
            }
            return x1 < 0 ? 0 : Math.min((x1 - x0 + 1) / (double) boxCellWidth, (y1 - y0 + 1) / (double) boxCellHeight);
        }

        /** The grid over {@code box} and its ring, or null when it is too small to cut. */
        static Grid over(BufferedImage img, Rectangle box, float grainWeight) {
            int w = img.getWidth(), h = img.getHeight();
            int m = Math.max(2, (int) Math.round(MARGIN * Math.max(box.width, box.height)));
            Rectangle crop = new Rectangle(box.x - m, box.y - m, box.width + 2 * m, box.height + 2 * m)
                    .intersection(new Rectangle(0, 0, w, h));
            int f = Math.max(1, (Math.max(crop.width, crop.height) + GRID_SIDE - 1) / GRID_SIDE);
            if (crop.width / f < 8 || crop.height / f < 8) {
                return null;
            }
            int[] all = SubjectExtractor.pixels(img);
            int[] rgb = new int[crop.width * crop.height];
            for (int y = 0; y < crop.height; y++) {
                System.arraycopy(all, (crop.y + y) * w + crop.x, rgb, y * crop.width, crop.width);
            }
            return new Grid(crop, f, rgb, box, grainWeight);
        }

        /**
         * The cells whose label is given ({@link SubjectGrabCut#INCLUDED}, {@link SubjectGrabCut#EXCLUDED},
         * {@link SubjectGrabCut#OUTSIDE}); 0 where the cut decides.
         */
        byte[] hardLabels(SubjectHint hint) {
            byte[] hard = new byte[sw * sh];
            for (int i = 0; i < hard.length; i++) {
                if (!inBox[i]) hard[i] = SubjectGrabCut.OUTSIDE;
            }
            int r = Math.max(1, (int) Math.round(CLICK_RADIUS * Math.min(box.width, box.height) / f));
            for (Point p : hint.exclude()) disc(hard, p, r, SubjectGrabCut.EXCLUDED);
            for (Point p : hint.include()) disc(hard, p, r, SubjectGrabCut.INCLUDED);
            return hard;
        }

        private void disc(byte[] hard, Point p, int r, byte label) {
            int gx = (int) Math.floor((p.x - cx) / (double) f), gy = (int) Math.floor((p.y - cy) / (double) f);
            for (int y = Math.max(0, gy - r); y <= Math.min(sh - 1, gy + r); y++) {
                for (int x = Math.max(0, gx - r); x <= Math.min(sw - 1, gx + r); x++) {
                    int dx = x - gx, dy = y - gy;
                    if (dx * dx + dy * dy <= r * r && inBox[y * sw + x]) hard[y * sw + x] = label;
                }
            }
        }
    }
}
