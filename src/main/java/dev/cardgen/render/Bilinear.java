package dev.cardgen.render;

import java.awt.geom.AffineTransform;
import java.awt.geom.NoninvertibleTransformException;

/**
 * A premultiplied ARGB image resized with bilinear filtering, pixel for pixel what Java2D's
 * {@code drawImage(src, 0, 0, w, h)} with {@code VALUE_INTERPOLATION_BILINEAR} writes on a new
 * transparent {@code TYPE_INT_ARGB_PRE} image (its TransformHelper: the inverse transform's steps in
 * 32.32 fixed point from the centre of the first pixel, 8-bit weights, edges clamped, rounded once;
 * source over nothing is the sample itself), in a fraction of its time: the filtering across is done
 * once per source row for every destination row that reads it. {@code BilinearTest} holds it to
 * Java2D's pixels.
 */
final class Bilinear {
    private static final long HALF = 1L << 31;
    private static final double ONE = 4294967296.0;

    private Bilinear() {
    }

    /**
     * Where Java2D's {@code drawImage(src, 0, 0, w, h)} on a new {@code w × h} image samples an
     * {@code sw × sh} source: the destination rows {@code [dy1, dy2)}, in each the pixels
     * {@code [ex1, ex1 + n)} whose centres fall inside the source, and the inverse transform's steps in
     * 32.32 fixed point from the centre of pixel {@code (dx1, dy1)}. Null when nothing is drawn.
     */
    record Placement(int dx1, int dy1, int dy2, int ex1, int n, long xbase, long ybase, long dxdx, long dydy) {
        /** The sample point of column {@code ex1 + i}, half a pixel back, in 32.32 fixed point. */
        long x(int i) {
            return xbase + (ex1 + i - dx1) * dxdx - HALF;
        }

        /** The sample point of row {@code y}, half a pixel back; {@link Long#MIN_VALUE} when its centre is outside the source. */
        long y(int y, int sh) {
            long yc = ybase + (y - dy1) * dydy;
            return Integer.compareUnsigned((int) (yc >> 32), sh) >= 0 ? Long.MIN_VALUE : yc - HALF;
        }
    }

    static Placement place(int sw, int sh, int w, int h) {
        AffineTransform tx = new AffineTransform();
        tx.scale((double) w / sw, (double) h / sh);
        AffineTransform itx;
        try {
            itx = tx.createInverse();
        } catch (NoninvertibleTransformException e) {
            return null;
        }
        double[] corners = {0, 0, sw, 0, 0, sh, sw, sh};
        tx.transform(corners, 0, corners, 0, 4);
        double maxX = Math.max(Math.max(corners[0], corners[2]), Math.max(corners[4], corners[6]));
        double maxY = Math.max(Math.max(corners[1], corners[3]), Math.max(corners[5], corners[7]));
        double minX = Math.min(Math.min(corners[0], corners[2]), Math.min(corners[4], corners[6]));
        double minY = Math.min(Math.min(corners[1], corners[3]), Math.min(corners[5], corners[7]));
        int dx1 = Math.max((int) Math.floor(minX), 0), dy1 = Math.max((int) Math.floor(minY), 0);
        int dx2 = Math.min((int) Math.ceil(maxX), w), dy2 = Math.min((int) Math.ceil(maxY), h);
        if (dx2 <= dx1 || dy2 <= dy1) {
            return null;
        }
        long xbase = (long) ((itx.getScaleX() * (dx1 + 0.5) + itx.getShearX() * (dy1 + 0.5) + itx.getTranslateX()) * ONE);
        long ybase = (long) ((itx.getShearY() * (dx1 + 0.5) + itx.getScaleY() * (dy1 + 0.5) + itx.getTranslateY()) * ONE);
        long dxdx = (long) (itx.getScaleX() * ONE), dydy = (long) (itx.getScaleY() * ONE);
        int ex1 = dx1, ex2 = dx2;
        while (ex1 < ex2 && Integer.compareUnsigned((int) ((xbase + (ex1 - dx1) * dxdx) >> 32), sw) >= 0) {
            ex1++;
        }
        while (ex2 > ex1 && Integer.compareUnsigned((int) ((xbase + (ex2 - 1 - dx1) * dxdx) >> 32), sw) >= 0) {
            ex2--;
        }
        return ex2 <= ex1 ? null : new Placement(dx1, dy1, dy2, ex1, ex2 - ex1, xbase, ybase, dxdx, dydy);
    }

    /** {@code src} ({@code sw × sh}, 0xAARRGGBB premultiplied) resized into {@code dst} ({@code w × h}, zeros). */
    static void scale(int[] src, int sw, int sh, int[] dst, int w, int h) {
        Placement p = place(sw, sh, w, h);
        if (p == null) {
            return;
        }
        int n = p.n();
        int[] x0 = new int[n], x1 = new int[n], fx = new int[n];
        for (int i = 0; i < n; i++) {
            long xl = p.x(i);
            int whole = (int) (xl >> 32);
            fx[i] = ((int) xl) >>> 24;
            x0[i] = Math.max(0, whole);
            x1[i] = whole < 0 ? 0 : Math.min(sw - 1, whole + 1);
        }
        // Where each source row has pixels other than 0 (transparent), and the destination columns that
        // read a source column: a destination pixel whose four samples are all 0 is 0, as dst already is.
        int[] lo = new int[sh], hi = new int[sh];
        nonZeroExtents(src, sw, sh, lo, hi);
        int[] firstReading = new int[sw], lastReading = new int[sw];
        for (int c = 0, i = 0; c < sw; c++) {
            while (i < n && x1[i] < c) {
                i++;
            }
            firstReading[c] = i;
        }
        for (int c = sw - 1, i = n - 1; c >= 0; c--) {
            while (i >= 0 && x0[i] > c) {
                i--;
            }
            lastReading[c] = i;
        }
        int[][][] across = new int[2][4][n];
        int[] acrossOf = {-1, -1};
        // A row is made here and copied into the image: every array of the loop at the same index, which
        // lets the JIT vectorise it (it cannot tell the image from the rows it reads).
        int[] row = new int[n];
        for (int y = p.dy1(); y < p.dy2(); y++) {
            long yl = p.y(y, sh);
            if (yl == Long.MIN_VALUE) {
                continue;
            }
            int whole = (int) (yl >> 32), fy = ((int) yl) >>> 24;
            int r0 = Math.max(0, whole), r1 = whole < 0 ? 0 : Math.min(sh - 1, whole + 1);
            int l = Math.min(lo[r0], lo[r1]), r = Math.max(hi[r0], hi[r1]);
            if (r < l) {
                continue;
            }
            int from = firstReading[l], to = lastReading[r] + 1;
            if (to <= from) {
                continue;
            }
            int[][] top = filtered(src, sw, r0, x0, x1, fx, n, across, acrossOf);
            int[][] bottom = filtered(src, sw, r1, x0, x1, fx, n, across, acrossOf);
            down(top, bottom, fy, row, from, to);
            System.arraycopy(row, from, dst, y * w + p.ex1() + from, to - from);
        }
    }

    /** Pixels {@code [from, to)} of one destination row: each channel between its top and bottom row at {@code fy}/256, rounded once. */
    private static void down(int[][] top, int[][] bottom, int fy, int[] row, int from, int to) {
        int[] ta = top[0], tr = top[1], tg = top[2], tb = top[3];
        int[] ba = bottom[0], br = bottom[1], bg = bottom[2], bb = bottom[3];
        for (int x = from; x < to; x++) {
            int a = ((ta[x] << 8) + (ba[x] - ta[x]) * fy + (1 << 15)) >> 16;
            int r = ((tr[x] << 8) + (br[x] - tr[x]) * fy + (1 << 15)) >> 16;
            int g = ((tg[x] << 8) + (bg[x] - tg[x]) * fy + (1 << 15)) >> 16;
            int b = ((tb[x] << 8) + (bb[x] - tb[x]) * fy + (1 << 15)) >> 16;
            row[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }

    /** Per row of a {@code w × h} image, its first and last column holding a value other than 0; {@code w} and -1 for none. */
    static void nonZeroExtents(int[] px, int w, int h, int[] lo, int[] hi) {
        for (int r = 0; r < h; r++) {
            lo[r] = w;
            hi[r] = -1;
            for (int x = 0, o = r * w; x < w; x++) {
                if (px[o + x] != 0) {
                    lo[r] = Math.min(lo[r], x);
                    hi[r] = x;
                }
            }
        }
    }

    /** Source row {@code row} filtered across, from one of the two cached rows or into the one not needed next. */
    private static int[][] filtered(int[] src, int sw, int row, int[] x0, int[] x1, int[] fx, int n, int[][][] across,
                                    int[] acrossOf) {
        for (int i = 0; i < 2; i++) {
            if (acrossOf[i] == row) {
                return across[i];
            }
        }
        // Rows are asked for in increasing order: the lower-numbered cached row is not needed again.
        int slot = acrossOf[0] < acrossOf[1] ? 0 : 1;
        int[] a = across[slot][0], r = across[slot][1], g = across[slot][2], b = across[slot][3];
        int o = row * sw;
        for (int x = 0; x < n; x++) {
            int p = src[o + x0[x]], q = src[o + x1[x]], f = fx[x];
            int pa = p >>> 24, pr = (p >> 16) & 255, pg = (p >> 8) & 255, pb = p & 255;
            a[x] = (pa << 8) + ((q >>> 24) - pa) * f;
            r[x] = (pr << 8) + (((q >> 16) & 255) - pr) * f;
            g[x] = (pg << 8) + (((q >> 8) & 255) - pg) * f;
            b[x] = (pb << 8) + ((q & 255) - pb) * f;
        }
        acrossOf[slot] = row;
        return across[slot];
    }
}
