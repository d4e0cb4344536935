package dev.cardgen.render.subject.backdrop;

import java.util.Arrays;

/**
 * A quadratic surface per Lab channel fitted robustly to the border (a sweep, gradient or vignette;
 * a product touching the border does not pull it), and each pixel's distance to it, soft shadows
 * (darker, same chroma) discounted.
 */
public final class Surface {

    /**
     * A shadow's lost lightness weighs 0.1 (horse 0.885 -> 0.949); darker than 0.55 of the surface's L* is no
     * shadow. Its chroma is the surface's scaled as L* + 16 is (sweeps left out one family at a time: 7 of 7).
     */
    private static final float SHADOW_L_WEIGHT = 0.1f;
    private static final float SHADOW_MIN_RATIO = 0.55f;
    /** A cast shadow keeps at least a tenth of the light: (L* + 16) at least 0.45 of the surface's. */
    static final float SHADOW_DARKEST = 0.45f;
    private static final int TERMS = 6;

    public final double[][] coef = new double[3][TERMS];
    /** Robust spread of the border around the model, Lab units. */
    public final double sigma;
    /** Share of border samples the model explains: low for scenes and textures. */
    public final double inlierFraction;
    private final int width;
    private final int height;
    private float[][] at;

    private Surface(int width, int height, float[][] lab, int band) {
        this.width = width;
        this.height = height;
        int[] idx = borderIndices(width, height, band);
        int m = idx.length;
        double[][] basis = new double[m][];
        float[] sl = new float[m], sa = new float[m], sb = new float[m];
        for (int k = 0; k < m; k++) {
            int i = idx[k];
            basis[k] = basis(i % width, i / width);
            sl[k] = lab[0][i];
            sa[k] = lab[1][i];
            sb[k] = lab[2][i];
        }
        // Start from the median colour and its closest 60 % of border samples.
        float ml = median(sl), ma = median(sa), mb = median(sb);
        double[] r = new double[m];
        for (int k = 0; k < m; k++) {
            r[k] = Math.sqrt(sq(sl[k] - ml) + sq(sa[k] - ma) + sq(sb[k] - mb));
        }
        double cut = Math.max(3.0, percentile(r, 0.6));
        boolean[] in = new boolean[m];
        for (int k = 0; k < m; k++) {
            in[k] = r[k] <= cut;
        }
        double s = 1;
        int inliers = 0;
        for (int iter = 0; iter < 4; iter++) {
            fit(basis, new float[][] {sl, sa, sb}, in);
            double[] ri = new double[m];
            int c = 0;
            for (int k = 0; k < m; k++) {
                double[] f = basis[k];
                r[k] = Math.sqrt(sq(sl[k] - eval(0, f)) + sq(sa[k] - eval(1, f)) + sq(sb[k] - eval(2, f)));
                if (in[k]) {
                    ri[c++] = r[k];
                }
            }
            s = Math.max(0.5, 1.4826 * percentile(Arrays.copyOf(ri, c), 0.5));
            double thr = Math.max(3 * s, 3.0);
            inliers = 0;
            for (int k = 0; k < m; k++) {
                in[k] = r[k] <= thr;
                if (in[k]) inliers++;
            }
        }
        this.sigma = s;
        this.inlierFraction = inliers / (double) m;
    }

    public static Surface fit(int width, int height, float[][] lab) {
        int band = Math.max(1, Math.min(width, height) / 100);
        return new Surface(width, height, lab, band);
    }

    /** Distance of every pixel to the background model, shadows discounted. */
    public float[] distance(float[][] lab) {
        float[][] at = at();
        float[] d = new float[width * height];
        float[] L = lab[0], A = lab[1], B = lab[2];
        for (int i = 0; i < d.length; i++) {
            float lb = at[0][i], ab = at[1][i], bb = at[2][i];
            float dl = L[i] - lb, da = A[i] - ab, db = B[i] - bb;
            float full = dl * dl + da * da + db * db;
            if (dl < 0 && lb > 1 && L[i] >= SHADOW_MIN_RATIO * lb) {
                // light scaled by k scales L* + 16, a* and b* alike by k^(1/3): the chroma a shadow keeps
                float ratio = (L[i] + 16) / (lb + 16);
                float ca = A[i] - ab * ratio, cb = B[i] - bb * ratio;
                float wl = SHADOW_L_WEIGHT * dl;
                full = Math.min(full, wl * wl + ca * ca + cb * cb);
            }
            d[i] = (float) Math.sqrt(full);
        }
        return d;
    }

    /** The surface's L*, a* and b* at every pixel, evaluated once for {@link #distance} and {@link #shadowLike}. */
    private float[][] at() {
        if (at == null) {
            float[][] a = new float[3][width * height];
            for (int y = 0; y < height; y++) {
                double v = 2.0 * y / (height - 1) - 1;
                for (int x = 0; x < width; x++) {
                    double u = 2.0 * x / (width - 1) - 1;
                    int i = y * width + x;
                    for (int ch = 0; ch < 3; ch++) {
                        a[ch][i] = (float) evalUv(ch, u, v);
                    }
                }
            }
            at = a;
        }
        return at;
    }

    /**
     * Whether each pixel could be the surface in a cast shadow: darker, down to {@value #SHADOW_DARKEST} of its
     * L* + 16 (a tenth of the light), with the chroma the surface keeps when its light is scaled, within
     * {@code tolerance} Lab. A dark grey product on a grey sweep is so too: colour cannot tell them apart.
     */
    public boolean[] shadowLike(float[][] lab, float tolerance) {
        float[][] at = at();
        boolean[] s = new boolean[width * height];
        float[] L = lab[0], A = lab[1], B = lab[2];
        for (int i = 0; i < s.length; i++) {
            float lb = at[0][i];
            float ratio = (L[i] + 16) / (lb + 16);
            if (L[i] < lb && ratio >= SHADOW_DARKEST) {
                float ca = A[i] - at[1][i] * ratio, cb = B[i] - at[2][i] * ratio;
                s[i] = ca * ca + cb * cb <= tolerance * tolerance;
            }
        }
        return s;
    }

    private static double[] basis(int x, int y, int w, int h) {
        double u = 2.0 * x / (w - 1) - 1;
        double v = 2.0 * y / (h - 1) - 1;
        return new double[] {1, u, v, u * u, v * v, u * v};
    }

    private double[] basis(int x, int y) {
        return basis(x, y, width, height);
    }

    private double eval(int ch, double[] f) {
        double[] c = coef[ch];
        double s = 0;
        for (int t = 0; t < TERMS; t++) {
            s += c[t] * f[t];
        }
        return s;
    }

    private double evalUv(int ch, double u, double v) {
        double[] c = coef[ch];
        return c[0] + c[1] * u + c[2] * v + c[3] * u * u + c[4] * v * v + c[5] * u * v;
    }

    private void fit(double[][] basis, float[][] values, boolean[] in) {
        double[][] a = new double[TERMS][TERMS + 3];
        for (int k = 0; k < basis.length; k++) {
            if (!in[k]) continue;
            double[] f = basis[k];
            for (int p = 0; p < TERMS; p++) {
                for (int q = 0; q < TERMS; q++) {
                    a[p][q] += f[p] * f[q];
                }
                for (int ch = 0; ch < 3; ch++) {
                    a[p][TERMS + ch] += f[p] * values[ch][k];
                }
            }
        }
        for (int p = 0; p < TERMS; p++) {
            a[p][p] += 1e-6; // keeps the system solvable when a side is all foreground
        }
        solve(a);
        for (int ch = 0; ch < 3; ch++) {
            for (int p = 0; p < TERMS; p++) {
                coef[ch][p] = a[p][TERMS + ch];
            }
        }
    }

    /** Gauss-Jordan with partial pivoting, in place; solutions end in the right-hand columns. */
    private static void solve(double[][] a) {
        int n = a.length;
        int cols = a[0].length;
        for (int col = 0; col < n; col++) {
            int piv = col;
            for (int r = col + 1; r < n; r++) {
                if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) piv = r;
            }
            double[] tmp = a[col];
            a[col] = a[piv];
            a[piv] = tmp;
            double p = a[col][col];
            if (Math.abs(p) < 1e-12) continue;
            for (int c = col; c < cols; c++) a[col][c] /= p;
            for (int r = 0; r < n; r++) {
                if (r == col) continue;
                double f = a[r][col];
                if (f == 0) continue;
                for (int c = col; c < cols; c++) a[r][c] -= f * a[col][c];
            }
        }
    }

    public static int[] borderIndices(int w, int h, int band) {
        int step = Math.max(1, (2 * band * (w + h)) / 3000);
        int[] out = new int[4 * band * (w + h)];
        int n = 0;
        for (int b = 0; b < band; b++) {
            for (int x = 0; x < w; x += step) {
                out[n++] = b * w + x;
                out[n++] = (h - 1 - b) * w + x;
            }
            for (int y = band; y < h - band; y += step) {
                out[n++] = y * w + b;
                out[n++] = y * w + (w - 1 - b);
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Position of a border pixel along the frame, clockwise from the top left corner (0 .. 2(w+h)). */
    public static int perimeterPosition(int i, int w, int h) {
        int x = i % w, y = i / w;
        int top = y, right = w - 1 - x, bottom = h - 1 - y, left = x;
        int least = Math.min(Math.min(top, bottom), Math.min(left, right));
        if (least == top) return x;
        if (least == right) return w + y;
        if (least == bottom) return w + h + (w - 1 - x);
        return 2 * w + h + (h - 1 - y);
    }

    private static float median(float[] v) {
        return quantile(v, 0.5);
    }

    /** The {@code q} quantile of {@code v} (left as it is): the value at {@code q} of its length, sorted. */
    static float quantile(float[] v, double q) {
        float[] c = v.clone();
        Arrays.sort(c);
        return c[Math.min(c.length - 1, (int) (q * c.length))];
    }

    private static double percentile(double[] v, double p) {
        if (v.length == 0) return 0;
        double[] c = v.clone();
        Arrays.sort(c);
        return c[Math.min(c.length - 1, (int) (p * c.length))];
    }

    private static double sq(double v) {
        return v * v;
    }
}
