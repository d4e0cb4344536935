package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.grid.Colour;
import java.util.Arrays;
import java.util.Random;

/**
 * A textured backdrop's looks: each pixel's own colour, its neighbourhood's mean colour and its
 * sharpness; the border band clustered (k-means, farthest-point seeding) so every look along the
 * frame (brick and mortar) is a centre; a pixel's distance to the nearest, in the border's own spread,
 * is how unlike the backdrop it is.
 */
public final class Texture {

    static final int DIMS = 7;
    private static final int CLUSTERS = 12;
    private static final int SAMPLES = 3000;
    /** Own colour 0.35, neighbourhood 1.0, sharpness 1.6; 12 centres: mortar and gravel grains count as backdrop. */
    private static final float W_OWN = 0.35f, W_MEAN = 1f, W_SHARP = 1.6f;

    /** Distance of every pixel to the backdrop, 1.0 = the border's own 97th percentile. */
    public final float[] score;
    /** Share of the border band within 1.0 of the model: near 1 by construction, lower when outliers abound. */
    public final double borderMedian;

    private Texture(float[] score, double borderMedian) {
        this.score = score;
        this.borderMedian = borderMedian;
    }

    /** Radius of the neighbourhood a pixel's mean colour and sharpness are taken over: a product's score reaches this far. */
    public static int radius(int w, int h) {
        return Math.max(2, Math.min(w, h) / 80);
    }

    public static Texture fit(float[][] lab, int w, int h) {
        int n = w * h;
        int r = radius(w, h);
        float[][] f = new float[DIMS][];
        f[0] = scaled(lab[0], W_OWN);
        f[1] = scaled(lab[1], W_OWN);
        f[2] = scaled(lab[2], W_OWN);
        for (int c = 0; c < 3; c++) {
            f[3 + c] = scaled(Colour.boxMean(lab[c], w, h, r), W_MEAN);
        }
        float[] grad = new float[n];
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                float gx = lab[0][i + 1] - lab[0][i - 1], gy = lab[0][i + w] - lab[0][i - w];
                grad[i] = (float) Math.sqrt(gx * gx + gy * gy);
            }
        }
        f[6] = scaled(Colour.boxMean(grad, w, h, r), W_SHARP);

        int band = Math.max(2, Math.min(w, h) / 25);
        int[] border = Surface.borderIndices(w, h, band);
        Random rnd = new Random(42);
        int m = Math.min(SAMPLES, border.length);
        float[][] pts = new float[m][DIMS];
        for (int k = 0; k < m; k++) {
            int i = border[m == border.length ? k : rnd.nextInt(border.length)];
            for (int d = 0; d < DIMS; d++) pts[k][d] = f[d][i];
        }
        float[][] centres = kmeans(pts, Math.min(CLUSTERS, m), rnd);
        // the scale is the backdrop's own spread
        float[] sorted = new float[m];
        for (int k = 0; k < m; k++) {
            sorted[k] = nearest(pts[k], centres);
        }
        Arrays.sort(sorted);
        float scale = Math.max(4f, sorted[(int) (0.97 * (m - 1))]);
        float[] score = new float[n];
        float[] v = new float[DIMS];
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < DIMS; d++) v[d] = f[d][i];
            score[i] = nearest(v, centres) / scale;
        }
        return new Texture(score, sorted[m / 2] / scale);
    }

    private static float[] scaled(float[] a, float k) {
        float[] o = new float[a.length];
        for (int i = 0; i < a.length; i++) o[i] = a[i] * k;
        return o;
    }

    private static float[][] kmeans(float[][] pts, int k, Random rnd) {
        float[][] c = new float[k][];
        // farthest-point seeding: every distinct look of the border gets a centre
        c[0] = pts[rnd.nextInt(pts.length)].clone();
        float[] best = new float[pts.length];
        Arrays.fill(best, Float.MAX_VALUE);
        for (int j = 1; j < k; j++) {
            int far = 0;
            for (int p = 0; p < pts.length; p++) {
                best[p] = Math.min(best[p], dist(pts[p], c[j - 1]));
                if (best[p] > best[far]) far = p;
            }
            c[j] = pts[far].clone();
        }
        int[] assign = new int[pts.length];
        for (int iter = 0; iter < 8; iter++) {
            for (int p = 0; p < pts.length; p++) {
                assign[p] = nearestCentre(pts[p], c);
            }
            float[][] sum = new float[k][DIMS];
            int[] cnt = new int[k];
            for (int p = 0; p < pts.length; p++) {
                cnt[assign[p]]++;
                for (int d = 0; d < DIMS; d++) sum[assign[p]][d] += pts[p][d];
            }
            for (int j = 0; j < k; j++) {
                if (cnt[j] == 0) continue;
                for (int d = 0; d < DIMS; d++) c[j][d] = sum[j][d] / cnt[j];
            }
        }
        return c;
    }

    private static int nearestCentre(float[] v, float[][] centres) {
        int best = 0;
        float bv = Float.MAX_VALUE;
        for (int c = 0; c < centres.length; c++) {
            float d = dist(v, centres[c]);
            if (d < bv) {
                bv = d;
                best = c;
            }
        }
        return best;
    }

    private static float nearest(float[] v, float[][] centres) {
        float b = Float.MAX_VALUE;
        for (float[] c : centres) b = Math.min(b, dist(v, c));
        return (float) Math.sqrt(b);
    }

    private static float dist(float[] a, float[] b) {
        float s = 0;
        for (int d = 0; d < DIMS; d++) {
            float t = a[d] - b[d];
            s += t * t;
        }
        return s;
    }
}
