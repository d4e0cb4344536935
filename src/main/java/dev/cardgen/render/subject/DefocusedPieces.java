package dev.cardgen.render.subject;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.hint.SoftPieces;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.mask.Morphology;
import java.awt.Rectangle;
import java.util.Arrays;

/**
 * A product is in focus: its outline is a sharp step nearly all round, and what lies within it is enclosed
 * by that step. A defocused object of the backdrop that a mask took in beside the product (a coin, a cat's
 * eye, a collar) is enclosed by no sharp step and meets the backdrop across soft ones. A cell of the mask is
 * enclosed when at least {@link #ENCLOSED} of sixteen rays from it meet a sharp step ({@link SoftPieces#SHARP})
 * before they leave the mask, so a gap in the outline lets few rays out. A piece of cells that are not, of
 * {@link #PIECE} of the mask or more but less than half of it, whose edge against the backdrop is much softer
 * ({@link #SOFTER}) than the rest of the mask's, is backdrop out of focus and leaves the mask.
 */
final class DefocusedPieces {

    /**
     * Enclosed: at least 3/4 of the rays meet a sharp step. At 1/2 the backdrop between a horse's legs stayed
     * (0.62), at 0.85-0.95 the coins' rays reached the mushroom's stem and took part of it (0.77, 0.29).
     */
    static final double ENCLOSED = 0.75;
    /**
     * A piece that may go is at least 5 % of the mask (the defocused objects 11-28 %; soft-edged parts of
     * products 2-6 %, which 2 % took: the mushroom on pebbles 0.971 -> 0.847); a piece of half the mask or
     * more is the product (a fruit on kraft paper whose outline holds few sharp steps, 0.994 -> 0.234).
     */
    static final double PIECE = 0.05;
    /**
     * The piece's edge (median {@link #sharpness} over its outline) under 0.3 of the rest of the outline's: the
     * defocused objects 0.19-0.22 of it; parts of products 0.32-1.0, but for one under {@link #PIECE} (0.21).
     */
    static final double SOFTER = 0.3;
    /** The sharpness's windows, in grid cells: the steps within 2, the change within 5. */
    static final int NEAR = 2, WIDE = 5;
    /**
     * Passes, each on what the last left: meant for a piece a product's legs hold in until the rest of its object
     * has gone, but the horse before the strong blur keeps it (0.712 after one pass and after three); the families
     * were measured with three.
     */
    static final int PASSES = 3;

    /** Straight lines of the sixteen directions (the eight of a compass and those between, at 2:1). */
    private static final int[][] RAYS = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1},
        {2, 1}, {1, 2}, {-2, 1}, {-1, 2}, {2, -1}, {1, -2}, {-2, -1}, {-1, -2}};

    private DefocusedPieces() {
    }

    /** {@code m} without its defocused pieces, looked for again once one has gone; {@code m} itself where there are none. */
    static Mask drop(Grid g, Mask m) {
        boolean[] sharp = SoftPieces.sharp(g);
        Mask cur = m;
        for (int pass = 0; pass < PASSES; pass++) {
            Mask next = dropOnce(g, cur, sharp);
            if (next == cur) break;
            cur = next;
        }
        return cur;
    }

    private static Mask dropOnce(Grid g, Mask m, boolean[] sharp) {
        int w = g.sw, h = g.sh, n = w * h;
        boolean[] in = m.bits();
        Rectangle box = m.bounds();
        if (box == null) {
            return m;
        }
        int x0 = box.x, y0 = box.y, x1 = box.x + box.width - 1, y1 = box.y + box.height - 1;
        int[] hits = new int[n];
        byte[] ray = new byte[n]; // per direction: 1 the ray from the cell meets a step, 2 it leaves the mask first
        for (int[] d : RAYS) {
            int dx = d[0], dy = d[1];
            // each cell looks one step along the ray: visit the cell it looks at first; beyond the mask's box it has left
            for (int y = dy > 0 ? y1 : y0; dy > 0 ? y >= y0 : y <= y1; y += dy > 0 ? -1 : 1) {
                for (int x = dx > 0 ? x1 : x0; dx > 0 ? x >= x0 : x <= x1; x += dx > 0 ? -1 : 1) {
                    int i = y * w + x;
                    if (!in[i]) {
                        ray[i] = 2;
                    } else if (sharp[i]) {
                        ray[i] = 1;
                        hits[i]++;
                    } else {
                        int xx = x + dx, yy = y + dy;
                        ray[i] = xx < x0 || yy < y0 || xx > x1 || yy > y1 ? 2 : ray[yy * w + xx];
                        if (ray[i] == 1) hits[i]++;
                    }
                }
            }
        }
        boolean[] loose = new boolean[n];
        for (int i = 0; i < n; i++) loose[i] = in[i] && hits[i] < ENCLOSED * RAYS.length;
        Morphology.Components c = Morphology.label(loose, w, h, true);
        int area = m.area();
        // the outline of each piece and of the rest: cells with a neighbour outside the mask
        int count = c.count();
        float[][] outline = new float[count + 1][];
        int[] len = new int[count + 1];
        for (int l = 0; l <= count; l++) outline[l] = new float[16];
        for (int i = 0; i < n; i++) {
            if (!in[i] || !onOutline(in, i, w, h)) continue;
            int l = c.labels()[i];
            if (l != 0 && c.sizes()[l] < PIECE * area) l = 0;
            if (len[l] == outline[l].length) outline[l] = Arrays.copyOf(outline[l], 2 * len[l]);
            outline[l][len[l]++] = sharpness(g, i);
        }
        double rest = median(outline[0], len[0]);
        boolean[] goes = new boolean[count + 1];
        boolean dropped = false;
        for (int l = 1; l <= count; l++) {
            int size = c.sizes()[l];
            goes[l] = size >= PIECE * area && 2 * size < area && len[l] > 0 && median(outline[l], len[l]) < SOFTER * rest;
            dropped |= goes[l];
        }
        if (!dropped) {
            return m;
        }
        boolean[] out = in.clone();
        for (int i = 0; i < n; i++) {
            if (goes[c.labels()[i]]) out[i] = false;
        }
        return m.with(out);
    }

    private static boolean onOutline(boolean[] in, int i, int w, int h) {
        int x = i % w, y = i / w;
        return x == 0 || y == 0 || x == w - 1 || y == h - 1 || !in[i - 1] || !in[i + 1] || !in[i - w] || !in[i + w];
    }

    /**
     * How sharp the photo's edge is at cell {@code i}, whatever its contrast: the largest step between
     * neighbouring cells within {@link #NEAR} cells, over the largest change of a channel within {@link #WIDE}
     * cells (before the blur). A sharp edge changes at once (near 1); a defocused one over as many cells as
     * its blur is wide.
     */
    private static float sharpness(Grid g, int i) {
        int w = g.sw, h = g.sh, x = i % w, y = i / w;
        int step = 0;
        for (int yy = Math.max(0, y - NEAR); yy <= Math.min(h - 1, y + NEAR); yy++) {
            for (int xx = Math.max(0, x - NEAR); xx <= Math.min(w - 1, x + NEAR); xx++) {
                int j = yy * w + xx;
                if (xx < w - 1) step = Math.max(step, SoftPieces.step(g.small[j], g.small[j + 1]));
                if (yy < h - 1) step = Math.max(step, SoftPieces.step(g.small[j], g.small[j + w]));
            }
        }
        int range = 0;
        for (int shift = 0; shift <= 16; shift += 8) {
            int lo = 255, hi = 0;
            for (int yy = Math.max(0, y - WIDE); yy <= Math.min(h - 1, y + WIDE); yy++) {
                for (int xx = Math.max(0, x - WIDE); xx <= Math.min(w - 1, x + WIDE); xx++) {
                    int v = g.small[yy * w + xx] >> shift & 255;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            range = Math.max(range, hi - lo);
        }
        return range == 0 ? 0 : step / (float) range;
    }

    private static double median(float[] v, int len) {
        if (len == 0) return 0;
        float[] s = Arrays.copyOf(v, len);
        Arrays.sort(s);
        return s[len / 2];
    }
}
