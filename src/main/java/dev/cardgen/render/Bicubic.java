package dev.cardgen.render;

/**
 * A premultiplied ARGB image resized with bicubic filtering, pixel for pixel what Java2D's
 * {@code drawImage(src, 0, 0, w, h)} with {@code VALUE_INTERPOLATION_BICUBIC} writes on a new
 * transparent {@code TYPE_INT_ARGB_PRE} image: the sample points of {@link Bilinear.Placement}, the
 * 4 × 4 pixels around each (edges repeated), weights from Java2D's table of the kernel with
 * a = -0.5 in 1/256ths, one sum per channel rounded once and clamped to [0, alpha]. The sum is
 * exact integer arithmetic, so it is taken across first, once per source row for every destination
 * row that reads it, then down. {@code BilinearTest} holds it to Java2D's pixels.
 */
final class Bicubic {
    /** The kernel at |x| = i/256 for i in [0, 512], in 1/256ths, as Java2D tabulates it. */
    private static final int[] COEFF = table(-0.5);

    private Bicubic() {
    }

    private static int[] table(double a) {
        int[] c = new int[513];
        int i;
        for (i = 0; i < 256; i++) {
            double x = i / 256.0;
            x = ((a + 2) * x - (a + 3)) * x * x + 1;
            c[i] = (int) (x * 256);
        }
        for (; i < 384; i++) {
            double x = i / 256.0;
            x = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
            c[i] = (int) (x * 256);
        }
        c[384] = (256 - c[128] * 2) / 2;
        for (i++; i <= 512; i++) {
            c[i] = 256 - (c[512 - i] + c[i - 256] + c[768 - i]);
        }
        return c;
    }

    /** {@code src} ({@code sw × sh}, 0xAARRGGBB premultiplied) resized into {@code dst} ({@code w × h}, zeros). */
    static void scale(int[] src, int sw, int sh, int[] dst, int w, int h) {
        Bilinear.Placement p = Bilinear.place(sw, sh, w, h);
        if (p == null) {
            return;
        }
        int n = p.n();
        // per destination column: its four source columns and their weights
        int[][] cols = new int[4][n], wx = new int[4][n];
        for (int i = 0; i < n; i++) {
            long xl = p.x(i);
            int whole = (int) (xl >> 32), f = ((int) xl) >>> 24;
            int[] k = {f + 256, f, 256 - f, 512 - f};
            for (int t = 0; t < 4; t++) {
                cols[t][i] = Math.max(0, Math.min(sw - 1, whole - 1 + t));
                wx[t][i] = COEFF[k[t]];
            }
        }
        int slots = 4;
        int[][][] across = new int[slots][4][n];
        int[] acrossOf = new int[slots];
        java.util.Arrays.fill(acrossOf, -1);
        int[] row = new int[n];
        int[][][] rows = new int[4][][];
        for (int y = p.dy1(); y < p.dy2(); y++) {
            long yl = p.y(y, sh);
            if (yl == Long.MIN_VALUE) {
                continue;
            }
            int whole = (int) (yl >> 32), f = ((int) yl) >>> 24;
            int[] k = {f + 256, f, 256 - f, 512 - f};
            int[] need = new int[4];
            for (int t = 0; t < 4; t++) {
                need[t] = Math.max(0, Math.min(sh - 1, whole - 1 + t));
            }
            for (int t = 0; t < 4; t++) {
                rows[t] = filtered(src, sw, need[t], need, cols, wx, n, across, acrossOf);
            }
            down(rows, COEFF[k[0]], COEFF[k[1]], COEFF[k[2]], COEFF[k[3]], row, n);
            System.arraycopy(row, 0, dst, y * w + p.ex1(), n);
        }
    }

    /** One destination row: the four rows' sums weighed down, rounded, clamped to [0, 255] and colour to [0, alpha]. */
    private static void down(int[][][] rows, int w0, int w1, int w2, int w3, int[] out, int n) {
        int[] a0 = rows[0][0], a1 = rows[1][0], a2 = rows[2][0], a3 = rows[3][0];
        int[] r0 = rows[0][1], r1 = rows[1][1], r2 = rows[2][1], r3 = rows[3][1];
        int[] g0 = rows[0][2], g1 = rows[1][2], g2 = rows[2][2], g3 = rows[3][2];
        int[] b0 = rows[0][3], b1 = rows[1][3], b2 = rows[2][3], b3 = rows[3][3];
        for (int x = 0; x < n; x++) {
            int a = ((1 << 15) + a0[x] * w0 + a1[x] * w1 + a2[x] * w2 + a3[x] * w3) >> 16;
            int r = ((1 << 15) + r0[x] * w0 + r1[x] * w1 + r2[x] * w2 + r3[x] * w3) >> 16;
            int g = ((1 << 15) + g0[x] * w0 + g1[x] * w1 + g2[x] * w2 + g3[x] * w3) >> 16;
            int b = ((1 << 15) + b0[x] * w0 + b1[x] * w1 + b2[x] * w2 + b3[x] * w3) >> 16;
            a = Math.max(0, Math.min(255, a));
            r = Math.max(0, Math.min(a, r));
            g = Math.max(0, Math.min(a, g));
            b = Math.max(0, Math.min(a, b));
            out[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }

    /**
     * Source row {@code row} weighed across (four sums per destination column, one per channel), from
     * the cache or into a slot holding a row not in {@code need}.
     */
    private static int[][] filtered(int[] src, int sw, int row, int[] need, int[][] cols, int[][] wx, int n,
                                    int[][][] across, int[] acrossOf) {
        int slot = -1;
        for (int i = 0; i < acrossOf.length; i++) {
            if (acrossOf[i] == row) {
                return across[i];
            }
        }
        for (int i = 0; i < acrossOf.length && slot < 0; i++) {
            int held = acrossOf[i];
            if (held != need[0] && held != need[1] && held != need[2] && held != need[3]) {
                slot = i;
            }
        }
        int[] a = across[slot][0], r = across[slot][1], g = across[slot][2], b = across[slot][3];
        int[] c0 = cols[0], c1 = cols[1], c2 = cols[2], c3 = cols[3];
        int[] w0 = wx[0], w1 = wx[1], w2 = wx[2], w3 = wx[3];
        int o = row * sw;
        for (int x = 0; x < n; x++) {
            int p0 = src[o + c0[x]], p1 = src[o + c1[x]], p2 = src[o + c2[x]], p3 = src[o + c3[x]];
            int k0 = w0[x], k1 = w1[x], k2 = w2[x], k3 = w3[x];
            a[x] = (p0 >>> 24) * k0 + (p1 >>> 24) * k1 + (p2 >>> 24) * k2 + (p3 >>> 24) * k3;
            r[x] = ((p0 >> 16) & 255) * k0 + ((p1 >> 16) & 255) * k1 + ((p2 >> 16) & 255) * k2 + ((p3 >> 16) & 255) * k3;
            g[x] = ((p0 >> 8) & 255) * k0 + ((p1 >> 8) & 255) * k1 + ((p2 >> 8) & 255) * k2 + ((p3 >> 8) & 255) * k3;
            b[x] = (p0 & 255) * k0 + (p1 & 255) * k1 + (p2 & 255) * k2 + (p3 & 255) * k3;
        }
        acrossOf[slot] = row;
        return across[slot];
    }
}
