package dev.cardgen.render.subject;

import dev.cardgen.render.subject.SubjectAgreement.Verdict;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;

/**
 * Isolates the product of a photo by classical segmentation at most {@value #WORK_SIDE} px.
 * The border decides which cue draws the mask: a smooth backdrop (sweep, gradient, vignette)
 * is modelled as a surface and the product is what departs from it, or holds fine detail the
 * smooth backdrop does not; a blurred backdrop holds no
 * sharp step, so the product is what sharp steps enclose; any other backdrop is a texture,
 * clustered along the border with local colour and sharpness. Off plain backdrops a colour
 * model refines the outline. Then morphology, largest components and honesty checks that decline
 * doubtful masks. A learned model ({@link SubjectModel}) gives a second opinion: on a blurred
 * backdrop it keeps, replaces or declines the cues' mask ({@link SubjectAgreement}); on a texture it
 * proposes its own cut-out, weighed against the cues' ({@link SubjectModelCut}). Last, a soft edge
 * upsampled to the input size.
 */
public final class SubjectExtractor {

    static final int WORK_SIDE = 640;
    private static final float MIN_THRESHOLD = 6f;
    private static final float SIGMA_FACTOR = 4f;
    /** A border the smooth-surface model explains this well, this tightly, is a plain backdrop. */
    private static final double PLAIN_INLIERS = 0.9;
    private static final double PLAIN_SIGMA = 3.0;
    private static final float TEXTURE_THRESHOLD = 1.0f;
    /**
     * Off plain backdrops a mask must score at least this: on the tuning photos every right cut-out
     * on a texture or a blurred backdrop scored 0.95 or more at any size, while a partial cut-out
     * (0.76) and a room with no product (0.71) scored below.
     */
    private static final double OFF_PLAIN_MIN_CONFIDENCE = 0.85;
    /** On a plain backdrop, pieces this share of the shorter side apart are one product. */
    private static final int NEAR_PIECES_DIVISOR = 40;
    /** Width of the band the colour refinement decides, in multiples of the clean-up radius's window. */
    private static final int REFINE_BAND = 3;
    /** The guided filter's radius at working-copy size, in pixels of the segmentation grid. */
    private static final int GUIDE_RADIUS = 2;
    /** Blurred backdrops: outline gaps up to this share of the shorter side are bridged by a straight line. */
    private static final double BRIDGE = 0.2;
    /** Blurred backdrops: an edge pixel of the mask further than this from a sharp step was made up. */
    private static final int INVENTED_NEAR = 2;

    private SubjectExtractor() {
    }

    public static Subject extract(BufferedImage workingCopy) {
        return extract(workingCopy, SubjectModel.shared());
    }

    /**
     * The hand-made cues alone, without the model's second opinion: what {@link #extract} does where
     * the model cannot run, and the baseline the subject bench compares against.
     */
    public static Subject extractByCues(BufferedImage workingCopy) {
        return extract(workingCopy, null);
    }

    /**
     * Cuts the product out again inside a seller's box ({@link SubjectBoxCut}): everything outside
     * the box is backdrop, include and exclude points are product and backdrop. {@code detected}
     * is false, and the whole frame kept, when nothing is left of the cut.
     */
    public static Subject fromHint(BufferedImage workingCopy, SubjectHint hint) {
        return SubjectBoxCut.cut(workingCopy, hint, SubjectModel.shared());
    }

    /** As {@link #extract(BufferedImage)} with {@code model} as the second opinion; null: the cues alone. */
    static Subject extract(BufferedImage workingCopy, SubjectModel model) {
        int w = workingCopy.getWidth();
        int h = workingCopy.getHeight();
        int f = Math.max(1, (Math.max(w, h) + WORK_SIDE - 1) / WORK_SIDE);
        int sw = Math.max(1, w / f);
        int sh = Math.max(1, h / f);
        if (sw < 8 || sh < 8) {
            return Subject.fullFrame(w, h, 0);
        }
        int[] rgb = pixels(workingCopy);
        int[] small = SubjectColour.downsample(rgb, w, h, f, sw, sh);
        float[][] lab = SubjectColour.toLab(small);
        float[] lightness = lab[0].clone(); // before the blur: fine detail is a cue on plain backdrops
        SubjectColour.blur3(lab, sw, sh);
        SubjectBackground bg = SubjectBackground.fit(sw, sh, lab);
        float[] d = bg.distance(lab);
        float t = (float) Math.max(MIN_THRESHOLD, SIGMA_FACTOR * bg.sigma);

        int n = sw * sh;
        double inliers = bg.inlierFraction;
        boolean plain = bg.inlierFraction >= PLAIN_INLIERS && bg.sigma <= PLAIN_SIGMA;
        boolean[] fg = new boolean[n];
        boolean[] step = null;
        SubjectTexture texture = null;
        int r = Math.max(1, Math.min(sw, sh) / 160);
        float[] grad = plain ? null : SubjectDefocus.gradient(lab, sw, sh);
        float sharp = plain ? 0 : SubjectDefocus.borderSharpness(grad, sw, sh);
        if (!plain && sharp <= SubjectDefocus.BLURRED_BORDER) {
            // A defocused backdrop: the product is what sharp steps enclose.
            step = SubjectDefocus.steps(grad, sharp, sw, sh);
            fg = SubjectMorphology.open(SubjectDefocus.enclosed(step, sw, sh, r), sw, sh, r);
            if (SubjectHonesty.strayOutline(fg, step, sw, sh, 2 * r)) {
                fg = closedLeak(fg, step, sw, sh, r);
            }
            d = enclosedScore(fg);
            t = 1;
            inliers = 1;
        } else {
            if (!plain) {
                // A textured backdrop: judge pixels against the border's textures and sharpness.
                texture = SubjectTexture.fit(lab, sw, sh);
                d = texture.score;
                t = TEXTURE_THRESHOLD;
                inliers = 1;
            } else {
                r = 1;
            }
            for (int i = 0; i < n; i++) {
                fg[i] = d[i] > t;
            }
            fg = SubjectMorphology.close(fg, sw, sh, r);
            fg = SubjectMorphology.open(fg, sw, sh, r);
            if (plain) {
                // Product areas the sweep's colour hides but not its smoothness: print, grain, a photo's texture.
                boolean[] detail = SubjectDetail.textured(lightness, sw, sh);
                for (int i = 0; i < n; i++) {
                    fg[i] |= detail[i];
                }
            }
        }
        // On a plain backdrop only specks are filled (a handle's hole has the sweep's colour); on a
        // texture every hole is filled unless it scores like the border does (a handle's hole, the
        // gap of a pair); on a blurred backdrop the mask is already what the outline encloses.
        int minOpen = Math.max(16, n / 500);
        fg = texture == null ? SubjectHoles.fill(fg, sw, sh, plain ? minOpen : n)
                : SubjectHoles.fill(fg, sw, sh, n, texture.score, texture.borderMedian, minOpen);
        int near = plain ? Math.max(2, Math.min(sw, sh) / NEAR_PIECES_DIVISOR) : 0;
        fg = keepMainComponents(fg, sw, sh, Math.max(9, n / 300), near);
        // On a texture the neighbourhood cues place the outline a few pixels off, and colour and
        // the photo's own edges put it back; on a blurred backdrop the outline already sits on the
        // sharp steps, and colour models of a defocused room (its colours change across the frame)
        // only pull it away.
        if (!plain && step == null) {
            fg = SubjectRefine.refine(fg, lab, sw, sh, REFINE_BAND * (2 * r + 1));
            fg = SubjectHoles.fill(fg, sw, sh, n, texture.score, texture.borderMedian, minOpen);
            fg = keepMainComponents(fg, sw, sh, Math.max(9, n / 300));
        }

        SubjectScore score = SubjectScore.of(fg, d, t, sw, sh, inliers);
        boolean doubtful = SubjectHonesty.fragmented(fg, sw, sh, near) || SubjectHonesty.hugsSeveralEdges(fg, sw, sh)
                || (step != null && (SubjectHonesty.strayStepsOutside(fg, step, sw, sh, 2 * r)
                        || SubjectHonesty.strayOutline(fg, step, sw, sh, 2 * r)))
                || (!plain && step == null && SubjectHonesty.mostlyFilledIn(fg, d, t));
        // Off a plain backdrop the score's border and contrast terms are weaker evidence: ask for more.
        doubtful |= !plain && score.confidence() < OFF_PLAIN_MIN_CONFIDENCE;
        boolean declined = doubtful || !score.detected();
        double confidence = score.confidence();
        // On a texture the model proposes its own cut-out and the cues' mask is weighed against it
        // (SubjectModelCut.judge): its cut is the answer where the model was sure or the cues agree with it;
        // otherwise no product is reported.
        if (texture != null && model != null) {
            float[] saliency = model.saliency(small, sw, sh);
            if (saliency != null) { // null: the engine failed on this photo, and the cues decide alone
                SubjectModelCut.Proposal proposal = SubjectModelCut.propose(workingCopy, saliency, sw, sh, f, model, !declined);
                Subject judged = SubjectModelCut.judge(declined ? null : fg, proposal);
                if (judged != null) {
                    return new Subject(judged.mask(), judged.box(), declined ? OFF_PLAIN_MIN_CONFIDENCE : confidence, true);
                }
                boolean unsure = doubtful || !declined || proposal != null;
                return Subject.fullFrame(w, h, unsure ? Math.min(confidence, 0.2) : confidence);
            }
        }
        boolean fromModel = false;
        // Asked on blurred backdrops (textures above): on sweeps the cues were right where the model was.
        boolean ask = step != null && model != null;
        float[] saliency = ask ? model.saliency(small, sw, sh) : null;
        boolean[] learned = null;
        if (saliency != null) {
            // Off a plain backdrop the cues can take part of a product for the whole; the model reads shape.
            learned = keepMainComponents(SubjectAgreement.mask(saliency), sw, sh, Math.max(9, n / 300));
            Verdict verdict = declined ? Verdict.NEITHER : SubjectAgreement.judge(fg, learned, sw, sh);
            // Where the cues declined or disagree on a blurred backdrop, a model mask whose outline
            // lies on the photo's sharp steps, with none of them left outside it, is an object in focus.
            if (verdict == Verdict.NEITHER && step != null && SubjectAgreement.backedBySteps(learned, step, sw, sh, 2 * r)) {
                verdict = Verdict.MODEL;
            }
            if (verdict == Verdict.MODEL) {
                confidence = declined ? OFF_PLAIN_MIN_CONFIDENCE : confidence;
                declined = false;
                fg = learned;
                fromModel = true;
            } else if (verdict == Verdict.NEITHER && !declined) {
                // the two masks disagree: as doubtful as a mask the honesty checks refuse
                declined = doubtful = true;
            }
        }
        if (declined) {
            return Subject.fullFrame(w, h, doubtful ? Math.min(confidence, 0.2) : confidence);
        }
        if (fromModel) {
            d = enclosedScore(fg);
            t = 1;
        } else if (step != null) {
            // judged above as enclosed, walls included; cut out along the steps' crest
            fg = SubjectDefocus.toCrest(fg, step, grad, sw, sh);
            if (learned != null) {
                // a handle's hole is enclosed too; where the model sees through it, and it is blurred, open it
                fg = SubjectAgreement.openHoles(fg, learned, step, sw, sh, minOpen);
            }
            d = enclosedScore(fg);
        }
        float[] alpha = SubjectSoftEdge.alpha(fg, small, d, t, sw, sh);
        BufferedImage mask = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
        SubjectColour.upsample(alpha, sw, sh, f, m, w, h);
        if (texture == null) {
            // On a smooth or defocused backdrop the photo's own edge is the outline; a texture's
            // edges beside the product would pull the ramp off it, so there the grid's edge stays.
            SubjectGuidedEdge.refine(m, rgb, w, h, GUIDE_RADIUS * f);
        }
        Rectangle box = bounds(m, w, h);
        if (box == null) {
            return Subject.fullFrame(w, h, 0);
        }
        return new Subject(mask, box, confidence, true);
    }

    /** On a blurred backdrop the mask is what the outline encloses: a score of 2 inside, 0 outside, threshold 1. */
    static float[] enclosedScore(boolean[] fg) {
        float[] d = new float[fg.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = fg[i] ? 2 : 0;
        }
        return d;
    }

    /**
     * A blurred backdrop's fill that leaked into the product (its mask leaves a long run of the
     * outline outside) tried closed again, keeping the first try whose mask follows the outline, or
     * the leaked mask (the honesty rules then decline it).
     */
    private static boolean[] closedLeak(boolean[] fg, boolean[] step, int sw, int sh, int r) {
        // Along the product's own shadow, or where its colour meets the backdrop's: the mask as walls
        // too, and gaps twice as wide.
        boolean[] wall = step.clone();
        for (int i = 0; i < wall.length; i++) {
            wall[i] |= fg[i];
        }
        boolean[] wider = SubjectMorphology.open(SubjectDefocus.enclosed(wall, sw, sh, 2 * r), sw, sh, r);
        if (!SubjectHonesty.strayOutline(wider, step, sw, sh, 2 * r)) {
            return wider;
        }
        // A stretch of the outline holds no step at all (a white bottle against a bright window):
        // the steps' gaps bridged by straight lines, kept only if the mask invents little of its edge.
        int len = (int) Math.round(BRIDGE * Math.min(sw, sh));
        boolean[] bridged = SubjectMorphology.open(
                SubjectDefocus.enclosed(SubjectDefocus.bridged(step, sw, sh, len), sw, sh, r), sw, sh, r);
        if (!SubjectHonesty.strayOutline(bridged, step, sw, sh, 2 * r)
                && !SubjectHonesty.inventedOutline(bridged, step, sw, sh, INVENTED_NEAR)) {
            return bridged;
        }
        return fg;
    }

    static boolean[] keepMainComponents(boolean[] fg, int w, int h, int minSize) {
        return keepMainComponents(fg, w, h, minSize, 0);
    }

    /**
     * Keeps the largest region and any region at least a fifth of it (a pair of shoes), and with
     * {@code near} > 0 also smaller regions (at least {@code minSize}) within {@code near} pixels of
     * those: parts of one product that a band of the backdrop's colour cut off (legs below a white stripe).
     */
    private static boolean[] keepMainComponents(boolean[] fg, int w, int h, int minSize, int near) {
        SubjectMorphology.Components c = SubjectMorphology.label(fg, w, h, true);
        int largest = 0;
        for (int l = 1; l <= c.count(); l++) {
            largest = Math.max(largest, c.sizes()[l]);
        }
        int keep = Math.max(minSize, largest / 5);
        boolean[] out = new boolean[fg.length];
        for (int i = 0; i < out.length; i++) {
            int l = c.labels()[i];
            out[i] = l != 0 && c.sizes()[l] >= keep;
        }
        if (near > 0) {
            boolean[] reach = SubjectMorphology.morph(out, w, h, near, true);
            boolean[] join = new boolean[c.count() + 1];
            for (int i = 0; i < out.length; i++) {
                int l = c.labels()[i];
                if (l != 0 && reach[i] && c.sizes()[l] >= minSize) join[l] = true;
            }
            for (int i = 0; i < out.length; i++) {
                out[i] |= join[c.labels()[i]];
            }
        }
        return out;
    }

    static Rectangle bounds(byte[] m, int w, int h) {
        int x0 = w, y0 = h, x1 = -1, y1 = -1;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            for (int x = 0; x < w; x++) {
                if ((m[row + x] & 0xff) >= 8) {
                    if (x < x0) x0 = x;
                    if (x > x1) x1 = x;
                    if (y < y0) y0 = y;
                    y1 = y;
                }
            }
        }
        return x1 < 0 ? null : new Rectangle(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    /** Packed 0xRRGGBB pixels, read straight from an int raster when the layout allows. */
    static int[] pixels(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        int type = img.getType();
        if ((type == BufferedImage.TYPE_INT_RGB || type == BufferedImage.TYPE_INT_ARGB)
                && img.getRaster().getDataBuffer() instanceof DataBufferInt db
                && img.getRaster().getSampleModel() instanceof SinglePixelPackedSampleModel sm
                && sm.getScanlineStride() == w && db.getOffset() == 0
                && img.getRaster().getSampleModelTranslateX() == 0
                && img.getRaster().getSampleModelTranslateY() == 0
                && db.getData().length == w * h) {
            return db.getData();
        }
        return img.getRGB(0, 0, w, h, null, 0, w);
    }
}
