package dev.cardgen.render.subject;

/**
 * A Gaussian mixture colour model in Lab (full covariances), as GrabCut keeps one for the product
 * and one for the backdrop: a product or a backdrop has a few distinct looks (a label on a bottle,
 * brick and mortar), which one Gaussian would blur into a colour neither has. Fitted from weighted
 * samples: components seeded by splitting the widest one along its main axis (Orchard and Bouman,
 * as in GrabCut; deterministic, no random seeds), then refitted from each sample's most likely
 * component on every round of the cut.
 */
final class SubjectGmm {

    static final int COMPONENTS = 5;
    /**
     * Added to each covariance's diagonal (Lab units squared): a flat sweep's component would
     * otherwise shrink to the JPEG noise and call every slightly different pixel impossible.
     */
    private static final double REGULARISE = 2.0;
    private static final double LOG_2PI_3 = 1.5 * Math.log(2 * Math.PI);

    private final int k;
    private final double[] mean = new double[3 * COMPONENTS];
    /** Inverse covariances, row-major 3x3 per component. */
    private final double[] inverse = new double[9 * COMPONENTS];
    /** ln(weight) - ln(det)/2 - 3/2 ln(2π): the component's log density at its mean. */
    private final double[] logScale = new double[COMPONENTS];
    /** Per-component terms of {@link #cost}: a model is used by one thread (one cut) only. */
    private final double[] scratch = new double[COMPONENTS];

    private SubjectGmm(int k) {
        this.k = k;
    }

    /**
     * A model of the pixels with weight > 0 (each counted by its weight), with components seeded
     * by splitting; null when the weights sum to nearly nothing.
     */
    static SubjectGmm fit(float[][] lab, float[] weight) {
        int n = weight.length;
        int[] comp = new int[n];
        java.util.Arrays.fill(comp, -1);
        for (int i = 0; i < n; i++) {
            if (weight[i] > 0) comp[i] = 0;
        }
        int k = 1;
        while (k < COMPONENTS) {
            Stats s = Stats.of(lab, weight, comp, k);
            int widest = -1;
            double widestVar = 0;
            double[] axis = null;
            for (int c = 0; c < k; c++) {
                if (s.w[c] < 2) continue;
                double[] v = s.mainAxis(c);
                double var = s.along(c, v);
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
                double d = (lab[0][i] - m[0]) * axis[0] + (lab[1][i] - m[1]) * axis[1] + (lab[2][i] - m[2]) * axis[2];
                if (d > 0) comp[i] = k;
            }
            k++;
        }
        return refit(lab, weight, comp, k);
    }

    /** The model refitted with each weighted pixel in its most likely component of this model. */
    SubjectGmm refit(float[][] lab, float[] weight) {
        int[] comp = new int[weight.length];
        for (int i = 0; i < comp.length; i++) {
            comp[i] = weight[i] > 0 ? likeliest(lab[0][i], lab[1][i], lab[2][i]) : -1;
        }
        SubjectGmm next = refit(lab, weight, comp, k);
        return next == null ? this : next;
    }

    private static SubjectGmm refit(float[][] lab, float[] weight, int[] comp, int k) {
        Stats s = Stats.of(lab, weight, comp, k);
        double total = 0;
        for (int c = 0; c < k; c++) total += s.w[c];
        if (total < 1e-3) return null;
        SubjectGmm g = new SubjectGmm(k);
        for (int c = 0; c < k; c++) {
            double[] m = s.mean(c);
            double[] cov = s.covariance(c);
            for (int d = 0; d < 3; d++) cov[4 * d] += REGULARISE;
            double det = cov[0] * (cov[4] * cov[8] - cov[5] * cov[7]) - cov[1] * (cov[3] * cov[8] - cov[5] * cov[6])
                    + cov[2] * (cov[3] * cov[7] - cov[4] * cov[6]);
            double[] inv = {
                (cov[4] * cov[8] - cov[5] * cov[7]) / det, (cov[2] * cov[7] - cov[1] * cov[8]) / det, (cov[1] * cov[5] - cov[2] * cov[4]) / det,
                (cov[5] * cov[6] - cov[3] * cov[8]) / det, (cov[0] * cov[8] - cov[2] * cov[6]) / det, (cov[2] * cov[3] - cov[0] * cov[5]) / det,
                (cov[3] * cov[7] - cov[4] * cov[6]) / det, (cov[1] * cov[6] - cov[0] * cov[7]) / det, (cov[0] * cov[4] - cov[1] * cov[3]) / det};
            System.arraycopy(m, 0, g.mean, 3 * c, 3);
            System.arraycopy(inv, 0, g.inverse, 9 * c, 9);
            // an empty component keeps no weight: ln 0 makes it never the likeliest
            g.logScale[c] = (s.w[c] > 0 ? Math.log(s.w[c] / total) : Double.NEGATIVE_INFINITY) - 0.5 * Math.log(det) - LOG_2PI_3;
        }
        return g;
    }

    /** -ln p(colour | model), in nats. */
    double cost(float l, float a, float b) {
        double best = Double.NEGATIVE_INFINITY;
        double[] t = scratch;
        for (int c = 0; c < k; c++) {
            t[c] = logDensity(c, l, a, b);
            best = Math.max(best, t[c]);
        }
        double sum = 0;
        for (int c = 0; c < k; c++) sum += Math.exp(t[c] - best);
        return -(best + Math.log(sum));
    }

    private int likeliest(float l, float a, float b) {
        int best = 0;
        double bestLog = Double.NEGATIVE_INFINITY;
        for (int c = 0; c < k; c++) {
            double t = logDensity(c, l, a, b);
            if (t > bestLog) {
                bestLog = t;
                best = c;
            }
        }
        return best;
    }

    private double logDensity(int c, float l, float a, float b) {
        double x = l - mean[3 * c], y = a - mean[3 * c + 1], z = b - mean[3 * c + 2];
        double[] v = inverse;
        int o = 9 * c;
        double q = x * (v[o] * x + v[o + 1] * y + v[o + 2] * z) + y * (v[o + 3] * x + v[o + 4] * y + v[o + 5] * z)
                + z * (v[o + 6] * x + v[o + 7] * y + v[o + 8] * z);
        return logScale[c] - 0.5 * q;
    }

    /** Weighted sums per component: weight, first and second moments. */
    private record Stats(double[] w, double[] s1, double[] s2) {

        static Stats of(float[][] lab, float[] weight, int[] comp, int k) {
            double[] w = new double[k], s1 = new double[3 * k], s2 = new double[9 * k];
            for (int i = 0; i < comp.length; i++) {
                int c = comp[i];
                if (c < 0) continue;
                double wi = weight[i];
                double[] z = {lab[0][i], lab[1][i], lab[2][i]};
                w[c] += wi;
                for (int p = 0; p < 3; p++) {
                    s1[3 * c + p] += wi * z[p];
                    for (int q = 0; q < 3; q++) s2[9 * c + 3 * p + q] += wi * z[p] * z[q];
                }
            }
            return new Stats(w, s1, s2);
        }

        double[] mean(int c) {
            double n = Math.max(1e-9, w[c]);
            return new double[] {s1[3 * c] / n, s1[3 * c + 1] / n, s1[3 * c + 2] / n};
        }

        double[] covariance(int c) {
            double n = Math.max(1e-9, w[c]);
            double[] m = mean(c);
            double[] cov = new double[9];
            for (int p = 0; p < 3; p++) {
                for (int q = 0; q < 3; q++) cov[3 * p + q] = s2[9 * c + 3 * p + q] / n - m[p] * m[q];
            }
            return cov;
        }

        /** The covariance's main axis by power iteration (a 3x3 symmetric matrix: a few steps suffice). */
        double[] mainAxis(int c) {
            double[] cov = covariance(c);
            double[] v = {0.577, 0.577, 0.577};
            for (int it = 0; it < 12; it++) {
                double[] u = new double[3];
                for (int p = 0; p < 3; p++) u[p] = cov[3 * p] * v[0] + cov[3 * p + 1] * v[1] + cov[3 * p + 2] * v[2];
                double len = Math.sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
                if (len < 1e-12) break;
                for (int p = 0; p < 3; p++) v[p] = u[p] / len;
            }
            return v;
        }

        /** The variance along unit vector v. */
        double along(int c, double[] v) {
            double[] cov = covariance(c);
            double s = 0;
            for (int p = 0; p < 3; p++) {
                for (int q = 0; q < 3; q++) s += v[p] * cov[3 * p + q] * v[q];
            }
            return s;
        }
    }
}
