package dev.cardgen.render.subject.cut;

/**
 * A Gaussian mixture model of per-pixel features (Lab colour, and the local grain), with full
 * covariances, as GrabCut keeps one for the product and one for the backdrop: a product or a
 * backdrop has a few distinct looks (a label on a bottle, brick and mortar), which one Gaussian
 * would blur into a look neither has. Fitted from weighted samples: components seeded by
 * splitting the widest one along its main axis (Orchard and Bouman, as in GrabCut; deterministic,
 * no random seeds), then refitted from each sample's most likely component on every round of the cut.
 */
public final class Gmm {

    /** Five components, as GrabCut; 2.0 on each covariance's diagonal, or a flat sweep's component shrinks to the JPEG noise. */
    static final int COMPONENTS = 5;
    private static final double REGULARISE = 2.0;

    /** Features per pixel. */
    private final int d;
    private final int k;
    private final double[] mean;
    /** Inverse covariances, row-major d x d per component. */
    private final double[] inverse;
    /** ln(weight) - ln(det)/2 - d/2 ln(2π): the component's log density at its mean. */
    private final double[] logScale;
    /** ln k: the most the sum over the components adds to the likeliest one's log density. */
    private final double lnK;
    /** Per-component terms of {@link #cost}: a model is used by one thread (one cut) only. */
    private final double[] scratch = new double[COMPONENTS];
    private final double[] z;

    private Gmm(int d, int k) {
        this.d = d;
        this.k = k;
        mean = new double[d * k];
        inverse = new double[d * d * k];
        logScale = new double[k];
        lnK = Math.log(k);
        z = new double[d];
    }

    /**
     * A model of the pixels with weight > 0 (each counted by its weight) over the feature planes,
     * with components seeded by splitting; null when the weights sum to nearly nothing.
     */
    public static Gmm fit(float[][] features, float[] weight) {
        int n = weight.length, d = features.length;
        int[] comp = new int[n];
        java.util.Arrays.fill(comp, -1);
        for (int i = 0; i < n; i++) {
            if (weight[i] > 0) comp[i] = 0;
        }
        int k = 1;
        while (k < COMPONENTS) {
            Stats s = Stats.of(features, weight, comp, k);
            int widest = -1;
            double widestVar = 0;
            double[] axis = null;
            for (int c = 0; c < k; c++) {
                if (s.w[c] < 2) continue;
                double[] cov = s.covariance(c);
                double[] v = mainAxis(cov, d);
                double var = along(cov, v, d);
                if (var > widestVar) {
                    widest = c;
                    widestVar = var;
                    axis = v;
                }
            }
            if (widest < 0 || widestVar < 1) break; // nothing left worth splitting
            double[] m = s.mean(widest);
            for (int i = 0; i < n; i++) {
                if (comp[i] != widest) continue;
                double t = 0;
                for (int p = 0; p < d; p++) t += (features[p][i] - m[p]) * axis[p];
                if (t > 0) comp[i] = k;
            }
            k++;
        }
        return refit(features, weight, comp, k);
    }

    /** The model refitted with each weighted pixel in its most likely component of this model. */
    public Gmm refit(float[][] features, float[] weight) {
        return refit(features, weight, null);
    }

    /**
     * As {@link #refit(float[][], float[])}, with {@code known[i]} the likeliest component of pixel i where
     * {@link #cost(float[][], int, int[])} has already found it (-1 where not): the same densities are not
     * computed twice.
     */
    public Gmm refit(float[][] features, float[] weight, int[] known) {
        int[] comp = new int[weight.length];
        for (int i = 0; i < comp.length; i++) {
            comp[i] = weight[i] <= 0 ? -1 : known != null && known[i] >= 0 ? known[i] : likeliest(features, i);
        }
        Gmm next = refit(features, weight, comp, k);
        return next == null ? this : next;
    }

    private static Gmm refit(float[][] features, float[] weight, int[] comp, int k) {
        int d = features.length;
        Stats s = Stats.of(features, weight, comp, k, false);
        double total = 0;
        for (int c = 0; c < k; c++) total += s.w[c];
        if (total < 1e-3) return null;
        Gmm g = new Gmm(d, k);
        for (int c = 0; c < k; c++) {
            double[] cov = s.covariance(c);
            for (int p = 0; p < d; p++) cov[p * d + p] += REGULARISE;
            double[] chol = cholesky(cov, d);
            double logDet = 0;
            for (int p = 0; p < d; p++) logDet += 2 * Math.log(chol[p * d + p]);
            System.arraycopy(s.mean(c), 0, g.mean, d * c, d);
            System.arraycopy(inverse(chol, d), 0, g.inverse, d * d * c, d * d);
            // an empty component keeps no weight: ln 0 makes it never the likeliest
            g.logScale[c] = (s.w[c] > 0 ? Math.log(s.w[c] / total) : Double.NEGATIVE_INFINITY) - 0.5 * logDet
                    - 0.5 * d * Math.log(2 * Math.PI);
        }
        return g;
    }

    /** -ln p(features of pixel i | model), in nats. */
    public double cost(float[][] features, int i) {
        return cost(features, i, null);
    }

    /** As {@link #cost(float[][], int)}, and pixel i's likeliest component into {@code likeliest[i]} when given. */
    public double cost(float[][] features, int i, int[] likeliest) {
        double best = Double.NEGATIVE_INFINITY;
        double[] t = scratch;
        int arg = 0;
        for (int c = 0; c < k; c++) {
            t[c] = logDensity(c, features, i);
            if (t[c] > best) arg = c; // the first of equals, as likeliest(): Math.max below keeps the same value
            best = Math.max(best, t[c]);
        }
        if (likeliest != null) likeliest[i] = arg;
        return -(best + logSum(t, best));
    }

    /**
     * -ln p(x | model) for one vector of Lab and the grain (a model of four features), in nats: the look of a
     * pixel as it would be, not as it is. Where it cannot be below {@code bound}, +∞ without the exponentials
     * (the sum over k components adds at most ln k to the likeliest one's density).
     */
    public double cost(float x0, float x1, float x2, float x3, double bound) {
        if (d != 4) throw new IllegalStateException("a model of " + d + " features, not Lab and the grain");
        double best = Double.NEGATIVE_INFINITY;
        double[] t = scratch;
        for (int c = 0; c < k; c++) {
            t[c] = logDensity4(c, x0, x1, x2, x3);
            best = Math.max(best, t[c]);
        }
        if (-best - lnK >= bound) return Double.POSITIVE_INFINITY;
        return -(best + logSum(t, best));
    }

    /** ln Σ e^(t[c] - best) over the components. */
    private double logSum(double[] t, double best) {
        double sum = 0;
        for (int c = 0; c < k; c++) {
            // the same sum without the exponentials whose value is known: e^0 is 1, and below e^-746 a double is 0
            double x = t[c] - best;
            if (x == 0) sum += 1;
            else if (!(x <= -746)) sum += Math.exp(x);
        }
        return sum == 1 ? 0 : Math.log(sum);
    }

    private int likeliest(float[][] features, int i) {
        int best = 0;
        double bestLog = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
            double t = logDensity(c, features, i);
            if (t > bestLog) {
                bestLog = t;
                best = c;
            }
        }
        return best;
    }

    private double logDensity(int c, float[][] features, int i) {
        if (d == 4) return logDensity4(c, features, i);
        for (int p = 0; p < d; p++) z[p] = features[p][i] - mean[d * c + p];
        int o = d * d * c;
        double q = 0;
        for (int p = 0; p < d; p++) {
            double row = 0;
            for (int r = 0; r < d; r++) row += inverse[o + p * d + r] * z[r];
            q += z[p] * row;
        }
        return logScale[c] - 0.5 * q;
    }

    /**
     * {@link #logDensity} for Lab and the grain, written out: the same sums in the same order, so the same
     * value to the bit, in about half the time (the box cut's colour costs are a quarter of its time).
     */
    private double logDensity4(int c, float[][] features, int i) {
        return logDensity4(c, features[0][i], features[1][i], features[2][i], features[3][i]);
    }

    private double logDensity4(int c, float x0, float x1, float x2, float x3) {
        int m = 4 * c, o = 16 * c;
        double[] a = inverse;
        double z0 = x0 - mean[m], z1 = x1 - mean[m + 1];
        double z2 = x2 - mean[m + 2], z3 = x3 - mean[m + 3];
        double q = 0;
        q += z0 * (0 + a[o] * z0 + a[o + 1] * z1 + a[o + 2] * z2 + a[o + 3] * z3);
        q += z1 * (0 + a[o + 4] * z0 + a[o + 5] * z1 + a[o + 6] * z2 + a[o + 7] * z3);
        q += z2 * (0 + a[o + 8] * z0 + a[o + 9] * z1 + a[o + 10] * z2 + a[o + 11] * z3);
        q += z3 * (0 + a[o + 12] * z0 + a[o + 13] * z1 + a[o + 14] * z2 + a[o + 15] * z3);
        return logScale[c] - 0.5 * q;
    }

    /**
     * The lower Cholesky factor of a symmetric positive definite d x d matrix (regularised above, so it exists);
     * only the lower triangle of {@code a} is read.
     */
    private static double[] cholesky(double[] a, int d) {
        double[] l = new double[d * d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j <= i; j++) {
                double s = a[i * d + j];
                for (int m = 0; m < j; m++) s -= l[i * d + m] * l[j * d + m];
                l[i * d + j] = i == j ? Math.sqrt(Math.max(s, 1e-9)) : s / l[j * d + j];
            }
        }
        return l;
    }

    /** The inverse of L·Lᵀ from its Cholesky factor L, column by column. */
    private static double[] inverse(double[] l, int d) {
        double[] inv = new double[d * d];
        double[] y = new double[d];
        for (int col = 0; col < d; col++) {
            // solve L y = e_col, then Lᵀ x = y
            for (int i = 0; i < d; i++) {
                double s = i == col ? 1 : 0;
                for (int m = 0; m < i; m++) s -= l[i * d + m] * y[m];
                y[i] = s / l[i * d + i];
            }
            for (int i = d - 1; i >= 0; i--) {
                double s = y[i];
                for (int m = i + 1; m < d; m++) s -= l[m * d + i] * inv[m * d + col];
                inv[i * d + col] = s / l[i * d + i];
            }
        }
        return inv;
    }

    /** The covariance's main axis by power iteration (a small symmetric matrix: a few steps suffice). */
    private static double[] mainAxis(double[] cov, int d) {
        double[] v = new double[d];
        java.util.Arrays.fill(v, 1 / Math.sqrt(d));
        for (int it = 0; it < 12; it++) {
            double[] u = new double[d];
            double len = 0;
            for (int p = 0; p < d; p++) {
                for (int q = 0; q < d; q++) u[p] += cov[p * d + q] * v[q];
                len += u[p] * u[p];
            }
            len = Math.sqrt(len);
            if (len < 1e-12) break;
            for (int p = 0; p < d; p++) v[p] = u[p] / len;
        }
        return v;
    }

    /** The variance along unit vector v. */
    private static double along(double[] cov, double[] v, int d) {
        double s = 0;
        for (int p = 0; p < d; p++) {
            for (int q = 0; q < d; q++) s += v[p] * cov[p * d + q] * v[q];
        }
        return s;
    }

    /** Weighted sums per component: weight, first and second moments. */
    private record Stats(int d, double[] w, double[] s1, double[] s2) {

        /** The full second moments: the split's main axis reads them all. */
        static Stats of(float[][] features, float[] weight, int[] comp, int k) {
            return of(features, weight, comp, k, true);
        }

        /**
         * With {@code full} false only the lower triangle of the second moments (q <= p), the part the
         * Cholesky factor reads: the same sums, in three fifths of the time.
         */
        static Stats of(float[][] features, float[] weight, int[] comp, int k, boolean full) {
            int d = features.length;
            double[] w = new double[k], s1 = new double[d * k], s2 = new double[d * d * k];
            if (d == 4) return of4(features, weight, comp, k, full);
            double[] z = new double[d];
            for (int i = 0; i < comp.length; i++) {
                int c = comp[i];
                if (c < 0) continue;
                double wi = weight[i];
                for (int p = 0; p < d; p++) z[p] = features[p][i];
                w[c] += wi;
                for (int p = 0; p < d; p++) {
                    s1[d * c + p] += wi * z[p];
                    for (int q = 0, end = full ? d : p + 1; q < end; q++) s2[d * d * c + d * p + q] += wi * z[p] * z[q];
                }
            }
            return new Stats(d, w, s1, s2);
        }

        /** {@link #of} for Lab and the grain, written out: each sum gets the same terms in the same order. */
        private static Stats of4(float[][] features, float[] weight, int[] comp, int k, boolean full) {
            double[] w = new double[k], s1 = new double[4 * k], s2 = new double[16 * k];
            float[] f0 = features[0], f1 = features[1], f2 = features[2], f3 = features[3];
            for (int i = 0; i < comp.length; i++) {
                int c = comp[i];
                if (c < 0) continue;
                double wi = weight[i];
                double z0 = f0[i], z1 = f1[i], z2 = f2[i], z3 = f3[i];
                double a0 = wi * z0, a1 = wi * z1, a2 = wi * z2, a3 = wi * z3;
                int m = 4 * c, o = 16 * c;
                w[c] += wi;
                s1[m] += a0;
                s1[m + 1] += a1;
                s1[m + 2] += a2;
                s1[m + 3] += a3;
                s2[o] += a0 * z0;
                s2[o + 4] += a1 * z0;
                s2[o + 5] += a1 * z1;
                s2[o + 8] += a2 * z0;
                s2[o + 9] += a2 * z1;
                s2[o + 10] += a2 * z2;
                s2[o + 12] += a3 * z0;
                s2[o + 13] += a3 * z1;
                s2[o + 14] += a3 * z2;
                s2[o + 15] += a3 * z3;
                if (full) {
                    s2[o + 1] += a0 * z1;
                    s2[o + 2] += a0 * z2;
                    s2[o + 3] += a0 * z3;
                    s2[o + 6] += a1 * z2;
                    s2[o + 7] += a1 * z3;
                    s2[o + 11] += a2 * z3;
                }
            }
            return new Stats(4, w, s1, s2);
        }

        double[] mean(int c) {
            double n = Math.max(1e-9, w[c]);
            double[] m = new double[d];
            for (int p = 0; p < d; p++) m[p] = s1[d * c + p] / n;
            return m;
        }

        /** Component c's covariance; above the diagonal only where the moments are {@code full}. */
        double[] covariance(int c) {
            double n = Math.max(1e-9, w[c]);
            double[] m = mean(c);
            double[] cov = new double[d * d];
            for (int p = 0; p < d; p++) {
                for (int q = 0; q < d; q++) cov[d * p + q] = s2[d * d * c + d * p + q] / n - m[p] * m[q];
            }
            return cov;
        }
    }
}
