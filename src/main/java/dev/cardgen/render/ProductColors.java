package dev.cardgen.render;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Arrays;

/**
 * The product's own colours: a small deterministic k-means over opaque cut-out pixels.
 * {@code dominant} is the biggest cluster, {@code vivid} the most saturated sizeable one.
 */
public record ProductColors(Color dominant, Color vivid, boolean neutral) {
    private static final int K = 4;
    private static final int MAX_SAMPLES = 6000;

    public static ProductColors of(BufferedImage cutout) {
        int w = cutout.getWidth(), h = cutout.getHeight();
        int step = Math.max(1, (int) Math.sqrt((double) w * h / MAX_SAMPLES));
        float[][] px = new float[(w / step + 1) * (h / step + 1)][];
        int n = 0;
        for (int y = 0; y < h; y += step) {
            for (int x = 0; x < w; x += step) {
                int argb = cutout.getRGB(x, y);
                if ((argb >>> 24) < 200) continue;
                px[n++] = new float[] {(argb >> 16) & 255, (argb >> 8) & 255, argb & 255};
            }
        }
        if (n == 0) return new ProductColors(new Color(128, 128, 128), new Color(128, 128, 128), true);
        px = Arrays.copyOf(px, n);
        float[][] centres = initCentres(px);
        int[] count = new int[K];
        for (int iter = 0; iter < 8; iter++) {
            float[][] sum = new float[K][3];
            Arrays.fill(count, 0);
            for (float[] p : px) {
                int c = nearest(centres, p);
                count[c]++;
                for (int i = 0; i < 3; i++) sum[c][i] += p[i];
            }
            for (int c = 0; c < K; c++) {
                if (count[c] > 0) for (int i = 0; i < 3; i++) centres[c][i] = sum[c][i] / count[c];
            }
        }
        int dom = 0, vivid = -1;
        double bestSat = -1;
        for (int c = 0; c < K; c++) {
            if (count[c] > count[dom]) dom = c;
            double[] hsl = ColorMath.toHsl(color(centres[c]));
            // Chroma-like score: saturated mid-lightness clusters covering at least 8% of the product.
            double score = hsl[1] * (1 - Math.abs(2 * hsl[2] - 1));
            if (count[c] >= n * 0.08 && score > bestSat) { bestSat = score; vivid = c; }
        }
        Color d = color(centres[dom]);
        Color v = vivid < 0 ? d : color(centres[vivid]);
        return new ProductColors(d, v, bestSat < 0.12);
    }

    /**
     * Deterministic seeding: samples spread evenly along the luminance order, ties in sample order (a
     * stable sort). Sorted as primitives: each sample's luminance bits (never negative, so ordered as
     * the floats are) above its index.
     */
    static float[][] initCentres(float[][] px) {
        long[] order = new long[px.length];
        for (int i = 0; i < px.length; i++) {
            float[] a = px[i];
            order[i] = (long) Float.floatToIntBits(a[0] * 0.3f + a[1] * 0.59f + a[2] * 0.11f) << 32 | i;
        }
        Arrays.sort(order);
        float[][] c = new float[K][];
        for (int i = 0; i < K; i++) c[i] = px[(int) order[(int) ((i + 0.5) * px.length / K)]].clone();
        return c;
    }

    private static int nearest(float[][] centres, float[] p) {
        int best = 0;
        float bd = Float.MAX_VALUE;
        for (int c = 0; c < centres.length; c++) {
            float dr = p[0] - centres[c][0], dg = p[1] - centres[c][1], db = p[2] - centres[c][2];
            float d = dr * dr + dg * dg + db * db;
            if (d < bd) { bd = d; best = c; }
        }
        return best;
    }

    private static Color color(float[] c) {
        return new Color(Math.round(c[0]), Math.round(c[1]), Math.round(c[2]));
    }
}
