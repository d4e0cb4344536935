package dev.cardgen.render.subject.model;

import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.hint.BoxCut;
import dev.cardgen.render.subject.judge.Judgement;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Mask;
import java.awt.Rectangle;
import java.awt.image.DataBufferByte;

/**
 * The model's own proposal on a textured backdrop: the box round the region the model finds salient,
 * cut out by the box cut ({@link BoxCut}) as if a seller had drawn that box, and whether the
 * model was sure of it. Nothing here knows which texture it is: the same proposal and the same
 * judgement serve woods, cork, papers, stone and lawns alike.
 */
public final class ModelCut {

    /** The box round the model's region grows by 5 % of its size on each side (the box hint's 3 % and some). */
    public static final double MARGIN = 0.05;
    /** Saliency strictly between 0.15 and 0.85 is the model in doubt. */
    static final float DOUBT_LO = 0.15f, DOUBT_HI = 0.85f;
    /** Sure: cells in doubt ≤ 0.30 of the region (right proposals 0.06-0.29, wrong ones 0.44 and 1.34; 0008). */
    static final double SURE_DOUBT = 0.30;
    /** Sure: mean saliency outside the region ≤ 0.012 (products 0.002-0.011, rooms 0.02-0.18). */
    static final double SURE_OUTSIDE = 0.012;
    /** Sure: the cut agrees with the model's region at IoU ≥ 0.85 (0008). */
    static final double SURE_AGREE = 0.85;
    /** The cues' mask and the cut agree at IoU ≥ 0.8: right pairs 0.83 or more, partial ones 0.61 or less. */
    static final double AGREE = 0.8;

    /**
     * The model's region on the grid; whether its map was calm (little of it in doubt, little saliency
     * outside the region, the region off the frame's edges); the cut and the cut on the grid (null where
     * it was not made or found nothing); whether the model was sure of the cut (calm, and the cut agrees
     * with the region).
     */
    public record Proposal(Mask region, boolean calm, Subject cut, Mask onGrid, boolean sure) {
    }

    private ModelCut() {
    }

    /**
     * The proposal for grid {@code g}, which the model scored {@code saliency}; null when the model marks no
     * region. The cut is made where the map is calm, or always with {@code cutAlways} (cues to weigh it against);
     * its soft edge is moved onto the photo's own edge with {@code guided}, as the backdrop's own masks are
     * ({@code Backdrop.guidedEdge}): on a texture the guided filter follows the texture's edges beside the product.
     */
    public static Proposal propose(Grid g, float[] saliency, SaliencyModel model, boolean cutAlways, boolean guided) {
        int sw = g.sw, sh = g.sh, f = g.f;
        Mask region = region(g, saliency);
        Rectangle r = region.bounds();
        if (r == null) {
            return null;
        }
        boolean calm = calm(region, saliency);
        double bw = r.width, bh = r.height;
        int x0 = r.x, y0 = r.y;
        Rectangle box = new Rectangle((int) Math.floor((x0 - MARGIN * bw) * f), (int) Math.floor((y0 - MARGIN * bh) * f),
                (int) Math.ceil(bw * (1 + 2 * MARGIN) * f), (int) Math.ceil(bh * (1 + 2 * MARGIN) * f))
                .intersection(new Rectangle(0, 0, g.width, g.height));
        if (!calm && !cutAlways) {
            return new Proposal(region, false, null, null, false);
        }
        BoxCut.ModelsBox read = BoxCut.modelsBox(g.image, box, model);
        if (read == null) {
            return new Proposal(region, calm, null, null, false);
        }
        if (calm) {
            // read as a seller's box first: the cut leaves out the box's cells that look like the backdrop or like it in
            // shade, and where it then agrees with the region the model is sure of it (decision 0056)
            Proposal asSellers = proposal(region, true, read.cut(true, guided), sw, sh, f);
            if (asSellers.sure()) return asSellers;
        }
        // the restless map's rules (corroborated, the cues' agreement) were measured on the plain cut
        return proposal(region, calm, read.cut(false, guided), sw, sh, f);
    }

    private static Proposal proposal(Mask region, boolean calm, Subject cut, int sw, int sh, int f) {
        if (!cut.detected()) {
            return new Proposal(region, calm, null, null, false);
        }
        Mask onGrid = onGrid(cut, sw, sh, f);
        return new Proposal(region, calm, cut, onGrid, calm && onGrid.iou(region) >= SURE_AGREE);
    }

    /** The model's region: its map cut at one half, the main pieces. */
    public static Mask region(Grid g, float[] saliency) {
        return Agreement.mask(saliency, g.sw, g.sh).keepMain(Math.max(9, g.cells() / 300));
    }

    /**
     * Whether the map is calm about {@code region}: the region reaches at most one frame edge (a product may
     * stand on it; a scene fills the frame), cells in doubt are at most {@link #SURE_DOUBT} of it, and the mean
     * saliency outside it at most {@link #SURE_OUTSIDE}.
     */
    public static boolean calm(Mask region, float[] saliency) {
        Rectangle r = region.bounds();
        if (r == null) {
            return false;
        }
        int n = saliency.length, sw = region.width(), sh = region.height(), area = 0, doubt = 0;
        double outside = 0;
        for (int i = 0; i < n; i++) {
            float s = saliency[i];
            if (s > DOUBT_LO && s < DOUBT_HI) doubt++;
            if (region.get(i)) {
                area++;
            } else {
                outside += s;
            }
        }
        return frameEdges(region) < 2 && doubt <= SURE_DOUBT * area && outside / Math.max(1, n - area) <= SURE_OUTSIDE;
    }

    /**
     * The model's answer where the backdrop's own rules report no product: its cut where it was sure of it;
     * where its map was calm but the cut strayed from its region (onto a backdrop of the product's own
     * colours), the region itself; otherwise none (null). On the 29 backdrop families at 1600x1200 it found
     * six products the rules declined (IoU 0.95-1.00), and no product on any of the 58 bare backdrops.
     */
    public static Verdict answer(Proposal p) {
        if (p == null || !p.calm()) {
            return null;
        }
        if (p.sure()) {
            return new Verdict.CutOut(new Subject(p.cut().mask(), p.cut().box(), Judgement.OFF_PLAIN_CONFIDENCE, true));
        }
        return new Verdict.Accept(p.region(), p.region().score(), 1, Judgement.OFF_PLAIN_CONFIDENCE);
    }

    /**
     * The answer on a texture, given the cues' mask on the grid ({@code cues}, null where they declined)
     * and the model's proposal: the proposal where the model was sure (the cues then found nothing, a
     * part, or the product with its cast shadow) or where the cues agree with it; otherwise null, no
     * product reported.
     */
    public static Subject judge(Mask cues, Proposal p) {
        if (p == null) {
            return null;
        }
        return p.cut() != null && (p.sure() || cues != null && cues.iou(p.onGrid()) >= AGREE) ? p.cut() : null;
    }

    /**
     * Where the map was not calm: whether the cues and the model's region each back the cut. The cut agrees with
     * the region ({@link #SURE_AGREE}), the region reaches at most one frame edge, and one of the cues' mask and
     * the cut holds the other ({@link Agreement#HOLDS}): the cues found a part of the product (a tool's body), or
     * the product with the holes they filled (a handle's). A thin product's rim is in doubt on the map, which is
     * what makes it restless; the cues' own evidence stands in for its calm.
     */
    public static boolean corroborated(Mask cues, Proposal p) {
        if (p == null || p.cut() == null || cues == null || p.onGrid().iou(p.region()) < SURE_AGREE
                || frameEdges(p.region()) >= 2) {
            return false;
        }
        Mask cut = p.onGrid();
        int both = cues.overlap(cut), na = cues.area(), nb = cut.area();
        return both > 0 && (both >= Agreement.HOLDS * na || both >= Agreement.HOLDS * nb);
    }

    private static int frameEdges(Mask region) {
        Rectangle r = region.bounds();
        int sw = region.width(), sh = region.height();
        return (r.x == 0 ? 1 : 0) + (r.y == 0 ? 1 : 0) + (r.x + r.width == sw ? 1 : 0) + (r.y + r.height == sh ? 1 : 0);
    }

    /** The cut's mask read at each grid cell's centre ({@code sw × sh} cells of {@code f} px). */
    public static Mask onGrid(Subject cut, int sw, int sh, int f) {
        byte[] m = ((DataBufferByte) cut.mask().getRaster().getDataBuffer()).getData();
        int w = cut.mask().getWidth(), h = cut.mask().getHeight();
        boolean[] out = new boolean[sw * sh];
        for (int y = 0; y < sh; y++) {
            int py = Math.min(h - 1, y * f + f / 2);
            for (int x = 0; x < sw; x++) {
                int px = Math.min(w - 1, x * f + f / 2);
                out[y * sw + x] = (m[py * w + px] & 0xff) >= 128;
            }
        }
        return new Mask(sw, sh, out);
    }
}
