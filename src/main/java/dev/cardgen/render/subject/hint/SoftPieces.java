package dev.cardgen.render.subject.hint;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.mask.Mask;

/**
 * A piece of a box cut that meets the backdrop across soft steps is backdrop out of focus. A product is
 * in focus, so where it meets its backdrop the photo steps sharply; a defocused object behind it that the
 * model marks as salient (a cup, a coat) is kept whole by the cut, and meets the rest of the backdrop
 * across the soft steps its blur leaves. The cut is split into pieces by its sharp steps (a step of at
 * least {@link #SHARP} in any channel between two neighbouring cells, before the blur); a piece of at
 * least {@link #PIECE} of the box whose border is mostly ({@link #SOFT_SHARE}) cells the cut calls
 * backdrop goes. The pieces inside a product are bounded by its own outline's sharp steps and stay.
 */
public final class SoftPieces {

    /**
     * A sharp step, in 8-bit levels of the largest channel difference between neighbouring cells: 16 set two
     * blurred-family photos right, 12 and 24 one; 8 and 40 lost photos (0039).
     */
    public static final int SHARP = 16;
    /** The share of a piece's border that meets the cut's backdrop: 0.5 the same photos, 0.3 lost a pair of bottles, 0.7 gained none (0039). */
    static final double SOFT_SHARE = 0.4;
    /** The smallest piece that may go, a share of the box's cells: a speck is the cut's own business. */
    static final double PIECE = 0.005;

    private SoftPieces() {
    }

    /** {@code fg} without its pieces that meet the backdrop across soft steps; {@code boxCells}: the box's cells. */
    static Mask drop(Grid g, Mask fg, int boxCells) {
        int w = g.sw, h = g.sh, n = w * h;
        boolean[] in = fg.bits();
        boolean[] sharp = sharp(g);
        boolean[] out = in.clone();
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        int[] piece = new int[n];
        for (int start = 0; start < n; start++) {
            if (!in[start] || sharp[start] || seen[start]) continue;
            // one piece: the cut's cells without a sharp step, connected to start
            int size = 0, sp = 0;
            long border = 0, soft = 0;
            stack[sp++] = start;
            seen[start] = true;
            while (sp > 0) {
                int i = stack[--sp];
                piece[size++] = i;
                int x = i % w, y = i / w;
                for (int k = 0; k < 4; k++) {
                    int xx = x + (k == 0 ? 1 : k == 1 ? -1 : 0), yy = y + (k == 2 ? 1 : k == 3 ? -1 : 0);
                    if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
                    int j = yy * w + xx;
                    if (in[j] && !sharp[j]) {
                        if (!seen[j]) {
                            seen[j] = true;
                            stack[sp++] = j;
                        }
                    } else {
                        border++;
                        if (!in[j]) soft++;
                    }
                }
            }
            if (size >= PIECE * boxCells && border > 0 && soft >= SOFT_SHARE * border) {
                for (int p = 0; p < size; p++) out[piece[p]] = false;
            }
        }
        return fg.with(out);
    }

    /** The cells on a sharp step: at least {@link #SHARP} to a neighbouring cell in some channel, before the blur. */
    public static boolean[] sharp(Grid g) {
        int w = g.sw, h = g.sh, n = w * h;
        boolean[] sharp = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (i % w < w - 1 && step(g.small[i], g.small[i + 1]) >= SHARP) sharp[i] = sharp[i + 1] = true;
            if (i / w < h - 1 && step(g.small[i], g.small[i + w]) >= SHARP) sharp[i] = sharp[i + w] = true;
        }
        return sharp;
    }

    /** The largest difference of two packed RGB pixels' channels. */
    public static int step(int a, int b) {
        int r = Math.abs((a >> 16 & 255) - (b >> 16 & 255));
        int gr = Math.abs((a >> 8 & 255) - (b >> 8 & 255));
        int bl = Math.abs((a & 255) - (b & 255));
        return Math.max(r, Math.max(gr, bl));
    }
}
