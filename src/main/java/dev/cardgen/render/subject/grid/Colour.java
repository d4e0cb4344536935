package dev.cardgen.render.subject.grid;

/** Pixel plumbing for the subject stage: box downsampling, sRGB to Lab, blurs, mask upsampling. */
public final class Colour {

    private static final float[] LINEAR = new float[256];
    /** Lab's f(t) tabulated over t in [0, 1]; XYZ of sRGB stays within it (plus rounding). */
    private static final int F_STEPS = 4096;
    private static final float[] F_TABLE = new float[F_STEPS + 2];

    static {
        for (int i = 0; i < 256; i++) {
            double c = i / 255.0;
            LINEAR[i] = (float) (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
        }
        for (int i = 0; i < F_TABLE.length; i++) {
            double t = i / (double) F_STEPS;
            F_TABLE[i] = (float) (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16.0 / 116.0);
        }
    }

    private Colour() {
    }

    /** Averages f×f blocks; returns packed 0xRRGGBB at sw×sh. */
    public static int[] downsample(int[] src, int w, int h, int f, int sw, int sh) {
        if (f == 1) {
            return src;
        }
        int[] out = new int[sw * sh];
        int[] r = new int[sw], g = new int[sw], b = new int[sw];
        int area = f * f;
        for (int sy = 0; sy < sh; sy++) {
            java.util.Arrays.fill(r, 0);
            java.util.Arrays.fill(g, 0);
            java.util.Arrays.fill(b, 0);
            for (int yy = sy * f; yy < sy * f + f; yy++) {
                int row = yy * w;
                for (int sx = 0, x = 0; sx < sw; sx++) {
                    int rr = 0, gg = 0, bb = 0;
                    for (int k = 0; k < f; k++, x++) {
                        int p = src[row + x];
                        rr += (p >> 16) & 0xff;
                        gg += (p >> 8) & 0xff;
                        bb += p & 0xff;
                    }
                    r[sx] += rr;
                    g[sx] += gg;
                    b[sx] += bb;
                }
            }
            int o = sy * sw;
            for (int sx = 0; sx < sw; sx++) {
                out[o + sx] = ((r[sx] / area) << 16) | ((g[sx] / area) << 8) | (b[sx] / area);
            }
        }
        return out;
    }

    /** CIE Lab (D65) planes L, a, b. */
    public static float[][] toLab(int[] rgb) {
        int n = rgb.length;
        float[] L = new float[n], A = new float[n], B = new float[n];
        for (int i = 0; i < n; i++) {
            int p = rgb[i];
            float r = LINEAR[(p >> 16) & 0xff], g = LINEAR[(p >> 8) & 0xff], b = LINEAR[p & 0xff];
            float x = (0.4124f * r + 0.3576f * g + 0.1805f * b) / 0.95047f;
            float y = 0.2126f * r + 0.7152f * g + 0.0722f * b;
            float z = (0.0193f * r + 0.1192f * g + 0.9505f * b) / 1.08883f;
            float fx = f(x), fy = f(y), fz = f(z);
            L[i] = 116 * fy - 16;
            A[i] = 500 * (fx - fy);
            B[i] = 200 * (fy - fz);
        }
        return new float[][] {L, A, B};
    }

    private static float f(float t) {
        if (t < 0.03f) {
            // the table is coarse where the cube root is steep; compute exactly there
            return t > 0.008856f ? (float) Math.cbrt(t) : 7.787f * t + 16f / 116f;
        }
        float x = Math.min(t, 1f) * F_STEPS;
        int i = (int) x;
        return F_TABLE[i] + (F_TABLE[i + 1] - F_TABLE[i]) * (x - i);
    }

    /** 3×3 box blur of each plane in place, to quiet sensor and JPEG noise before thresholding. */
    public static void blur3(float[][] planes, int w, int h) {
        float[] tmp = new float[w * h];
        for (float[] p : planes) {
            for (int y = 0; y < h; y++) {
                int row = y * w;
                for (int x = 0; x < w; x++) {
                    int l = x > 0 ? x - 1 : x, r = x < w - 1 ? x + 1 : x;
                    tmp[row + x] = (p[row + l] + p[row + x] + p[row + r]) / 3f;
                }
            }
            for (int y = 0; y < h; y++) {
                int u = (y > 0 ? y - 1 : y) * w, c = y * w, d = (y < h - 1 ? y + 1 : y) * w;
                for (int x = 0; x < w; x++) {
                    p[c + x] = (tmp[u + x] + tmp[c + x] + tmp[d + x]) / 3f;
                }
            }
        }
    }

    /** Bilinear upsampling of a 0..1 alpha grid (pixel centres aligned) into an 8-bit mask. */
    public static void upsample(float[] a, int sw, int sh, int f, byte[] out, int w, int h) {
        int[] x0 = new int[w], x1 = new int[w];
        float[] fx = new float[w];
        for (int x = 0; x < w; x++) {
            float sx = Math.max(0, Math.min(sw - 1, (x + 0.5f) / f - 0.5f));
            x0[x] = (int) sx;
            x1[x] = Math.min(sw - 1, x0[x] + 1);
            fx[x] = sx - x0[x];
        }
        for (int y = 0; y < h; y++) {
            float sy = Math.max(0, Math.min(sh - 1, (y + 0.5f) / f - 0.5f));
            int y0 = (int) sy, y1 = Math.min(sh - 1, y0 + 1);
            float fy = sy - y0;
            int r0 = y0 * sw, r1 = y1 * sw, o = y * w;
            for (int x = 0; x < w; x++) {
                float top = a[r0 + x0[x]] + (a[r0 + x1[x]] - a[r0 + x0[x]]) * fx[x];
                float bot = a[r1 + x0[x]] + (a[r1 + x1[x]] - a[r1 + x0[x]]) * fx[x];
                out[o + x] = (byte) (int) (255f * (top + (bot - top) * fy) + 0.5f);
            }
        }
    }

    /**
     * The guided filter's smoothed linear coefficients (He, Sun and Tang): for guide {@code g} and input
     * {@code p}, with {@code gp = g·p} and {@code gg = g·g} per pixel, the window means of {@code a} and
     * {@code b} in {@code q = a·g + b}, returned as {@code {ma, mb}}. {@code gp} and {@code gg} are
     * overwritten (their space holds {@code a} and {@code b}).
     */
    public static float[][] guidedCoefficients(float[] g, float[] p, float[] gp, float[] gg, int w, int h, int r, float eps) {
        float[] mg = boxMean(g, w, h, r), mp = boxMean(p, w, h, r);
        float[] mgp = boxMean(gp, w, h, r), mgg = boxMean(gg, w, h, r);
        float[] a = gp, b = gg;
        for (int i = 0; i < a.length; i++) {
            float var = mgg[i] - mg[i] * mg[i];
            a[i] = (mgp[i] - mg[i] * mp[i]) / (var + eps);
            b[i] = mp[i] - a[i] * mg[i];
        }
        return new float[][] {boxMean(a, w, h, r), boxMean(b, w, h, r)};
    }

    /** Mean over a (2r+1)^2 window, by running sums, edges clamped. */
    public static float[] boxMean(float[] a, int w, int h, int r) {
        float[] t = new float[a.length], o = new float[a.length];
        for (int y = 0; y < h; y++) {
            int row = y * w;
            float s = 0;
            int c = 0;
            for (int x = 0; x <= Math.min(r, w - 1); x++) { s += a[row + x]; c++; }
            for (int x = 0; x < w; x++) {
                t[row + x] = s / c;
                int add = x + r + 1, drop = x - r;
                if (add < w) { s += a[row + add]; c++; }
                if (drop >= 0) { s -= a[row + drop]; c--; }
            }
        }
        for (int x = 0; x < w; x++) {
            float s = 0;
            int c = 0;
            for (int y = 0; y <= Math.min(r, h - 1); y++) { s += t[y * w + x]; c++; }
            for (int y = 0; y < h; y++) {
                o[y * w + x] = s / c;
                int add = y + r + 1, drop = y - r;
                if (add < h) { s += t[add * w + x]; c++; }
                if (drop >= 0) { s -= t[drop * w + x]; c--; }
            }
        }
        return o;
    }
}
