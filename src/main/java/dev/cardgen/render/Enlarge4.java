package dev.cardgen.render;

/**
 * An opaque image enlarged exactly 4× with bilinear filtering, pixel for pixel what Java2D's
 * {@code drawImage(small, 0, 0, 4w, 4h)} with {@code VALUE_INTERPOLATION_BILINEAR} writes on an
 * opaque canvas (its TransformHelper: sample points at the destination pixels' centres, 8-bit weights,
 * edges clamped, rounded once at the end), in a fifth of its time: at 4× every weight is one of four,
 * and each source row is filtered across once for the four destination rows that use it.
 * {@code BackdropSoftTest} holds it to Java2D's pixels.
 */
final class Enlarge4 {

    private Enlarge4() {
    }

    /**
     * Rows {@code [y0, y1)} of the enlargement of {@code src} ({@code sw × sh}, 0xRRGGBB, alpha ignored)
     * written into {@code dst} (row stride {@code stride}, {@code dw × dh} at most {@code 4sw × 4sh}).
     */
    static void rows(int[] src, int sw, int sh, int[] dst, int stride, int dw, int dh, int y0, int y1) {
        rows(src, sw, sh, dst, stride, dw, dh, y0, y1, ProductCover.NONE);
    }

    /** As {@link #rows(int[], int, int, int[], int, int, int, int, int)}, leaving out the pixels {@code covered}. */
    static void rows(int[] src, int sw, int sh, int[] dst, int stride, int dw, int dh, int y0, int y1,
                     ProductCover covered) {
        int[] x0 = new int[dw], x1 = new int[dw], fx = new int[dw];
        for (int x = 0; x < dw; x++) {
            int p = 2 * x - 3; // the sample point (x + 0.5) / 4 - 0.5, in eighths
            int whole = p >> 3;
            fx[x] = (p & 7) << 5;
            x0[x] = Math.max(0, whole);
            x1[x] = whole < 0 ? 0 : Math.min(sw - 1, whole + 1);
        }
        // Filtered across, 8 fractional bits kept: the two source rows a destination row reads, one array
        // per channel, so that the loop down the rows is plain arithmetic on arrays the JIT vectorises.
        int[][][] across = new int[2][3][dw];
        int[] acrossOf = {-1, -1};
        // A row is made here and copied into the card: every array of the loop at the same index, which
        // lets the JIT vectorise it (it cannot tell the card from the rows it reads).
        int[] row = new int[dw];
        for (int y = Math.max(0, y0); y < Math.min(y1, dh); y++) {
            int p = 2 * y - 3;
            int whole = p >> 3, fy = (p & 7) << 5;
            int r0 = Math.max(0, whole), r1 = whole < 0 ? 0 : Math.min(sh - 1, whole + 1);
            int[][] top = filtered(src, sw, r0, x0, x1, fx, dw, across, acrossOf);
            int[][] bottom = filtered(src, sw, r1, x0, x1, fx, dw, across, acrossOf);
            int cf = Math.max(0, Math.min(dw, covered.from(y))), ct = Math.max(0, Math.min(dw, covered.to(y)));
            if (ct <= cf) {
                cf = ct = dw;
            }
            down(top[0], top[1], top[2], bottom[0], bottom[1], bottom[2], fy, row, 0, cf);
            down(top[0], top[1], top[2], bottom[0], bottom[1], bottom[2], fy, row, ct, dw);
            System.arraycopy(row, 0, dst, y * stride, cf);
            System.arraycopy(row, ct, dst, y * stride + ct, dw - ct);
        }
    }

    /** Pixels {@code [from, to)} of one destination row: each channel between its top and bottom row at {@code fy}/256, rounded once. */
    private static void down(int[] tr, int[] tg, int[] tb, int[] br, int[] bg, int[] bb, int fy, int[] row, int from,
                             int to) {
        for (int x = from; x < to; x++) {
            int r = ((tr[x] << 8) + (br[x] - tr[x]) * fy + (1 << 15)) >> 16;
            int g = ((tg[x] << 8) + (bg[x] - tg[x]) * fy + (1 << 15)) >> 16;
            int b = ((tb[x] << 8) + (bb[x] - tb[x]) * fy + (1 << 15)) >> 16;
            row[x] = (r << 16) | (g << 8) | b;
        }
    }

    /** Source row {@code row} filtered across, from one of the two cached rows or into the one not needed next. */
    private static int[][] filtered(int[] src, int sw, int row, int[] x0, int[] x1, int[] fx, int dw, int[][][] across,
                                    int[] acrossOf) {
        for (int i = 0; i < 2; i++) {
            if (acrossOf[i] == row) {
                return across[i];
            }
        }
        // Rows are asked for in increasing order: the lower-numbered cached row is not needed again.
        int slot = acrossOf[0] < acrossOf[1] ? 0 : 1;
        int[] r = across[slot][0], g = across[slot][1], b = across[slot][2];
        int o = row * sw;
        // Columns 4j + 2 … 4j + 5 read source columns j and j + 1 at 1/8, 3/8, 5/8 and 7/8 (weights 32,
        // 96, 160, 224): one pair read and one difference per channel for four of them. The first two
        // columns and a tail that does not fill four read their own columns and weights.
        int end = 2;
        for (int j = 0; 4 * j + 5 < dw && j + 1 < sw; j++) {
            int a = src[o + j], c = src[o + j + 1], x = 4 * j + 2;
            int ar = (a >> 16) & 255, ag = (a >> 8) & 255, ab = a & 255;
            int dr = ((c >> 16) & 255) - ar, dg = ((c >> 8) & 255) - ag, db = (c & 255) - ab;
            ar <<= 8;
            ag <<= 8;
            ab <<= 8;
            r[x] = ar + dr * 32;
            r[x + 1] = ar + dr * 96;
            r[x + 2] = ar + dr * 160;
            r[x + 3] = ar + dr * 224;
            g[x] = ag + dg * 32;
            g[x + 1] = ag + dg * 96;
            g[x + 2] = ag + dg * 160;
            g[x + 3] = ag + dg * 224;
            b[x] = ab + db * 32;
            b[x + 1] = ab + db * 96;
            b[x + 2] = ab + db * 160;
            b[x + 3] = ab + db * 224;
            end = x + 4;
        }
        for (int x = 0; x < dw; x = x == 1 ? Math.max(end, 2) : x + 1) {
            int a = src[o + x0[x]], c = src[o + x1[x]], f = fx[x];
            int ar = (a >> 16) & 255, ag = (a >> 8) & 255, ab = a & 255;
            r[x] = (ar << 8) + (((c >> 16) & 255) - ar) * f;
            g[x] = (ag << 8) + (((c >> 8) & 255) - ag) * f;
            b[x] = (ab << 8) + ((c & 255) - ab) * f;
        }
        acrossOf[slot] = row;
        return across[slot];
    }
}
