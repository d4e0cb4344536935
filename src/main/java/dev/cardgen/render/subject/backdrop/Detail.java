package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.mask.Mask;
import java.util.Arrays;

/**
 * Fine detail on a plain backdrop: the 5x5 mean of |L - its 3x3 mean| before the blur (a ramp, a
 * shadow or vignette, scores zero), against the border's median (the sweep's own noise). A product's
 * print or grain shows even where its colour is the sweep's.
 */
public final class Detail {

    /** > 2.2 x the border's median and ≥ 0.6 L: backdrop noise and JPEG ringing beside an outline stay out. */
    private static final float FACTOR = 2.2f, MIN_DETAIL = 0.6f;
    /** Radius of the local mean; eroded by R + 1, the outline's halo, so the cue never widens a cut-out. */
    private static final int R = 2, HALO = R + 1;

    private Detail() {
    }

    /** Pixels whose surroundings hold detail a smooth backdrop does not; {@code detail} is {@link #detail}'s. */
    static Mask textured(float[] detail, int w, int h) {
        float threshold = threshold(detail, w, h);
        boolean[] out = new boolean[w * h];
        for (int i = 0; i < out.length; i++) {
            out[i] = detail[i] > threshold;
        }
        return new Mask(w, h, out).erode(HALO);
    }

    /**
     * Pixels whose surroundings hold no more detail than the backdrop's own (the complement of
     * {@link #textured}, not eroded): the sweep itself, or the sweep in a cast shadow.
     */
    static boolean[] smooth(float[] detail, int w, int h) {
        float threshold = threshold(detail, w, h);
        boolean[] out = new boolean[w * h];
        for (int i = 0; i < out.length; i++) {
            out[i] = detail[i] <= threshold;
        }
        return out;
    }

    /** {@value #FACTOR} x the border's median detail, at least {@value #MIN_DETAIL}. */
    private static float threshold(float[] detail, int w, int h) {
        int[] border = Surface.borderIndices(w, h, Math.max(1, Math.min(w, h) / 100));
        float[] b = new float[border.length];
        for (int k = 0; k < b.length; k++) {
            b[k] = detail[border[k]];
        }
        Arrays.sort(b);
        // The median, not a high percentile: a product leaving the frame raises the border's top.
        return Math.max(FACTOR * b[b.length / 2], MIN_DETAIL);
    }

    /**
     * The local mean ({@value #R}-pixel radius) of |L - its 3x3 mean|: a high pass, so a shadow's or
     * a vignette's slow ramp scores zero and a texture's grain or a print scores its contrast.
     */
    public static float[] detail(float[] l, int w, int h) {
        float[] hp = boxMean(l, w, h, 1);
        for (int i = 0; i < hp.length; i++) {
            hp[i] = Math.abs(l[i] - hp[i]);
        }
        return boxMean(hp, w, h, R);
    }

    /** Mean over the (2r+1)² window clipped to the image, from a summed-area table. */
    private static float[] boxMean(float[] v, int w, int h, int r) {
        double[] sat = new double[(w + 1) * (h + 1)];
        for (int y = 0; y < h; y++) {
            double row = 0;
            for (int x = 0; x < w; x++) {
                row += v[y * w + x];
                sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1] + row;
            }
        }
        float[] out = new float[w * h];
        for (int y = 0; y < h; y++) {
            int y0 = Math.max(0, y - r), y1 = Math.min(h, y + r + 1);
            for (int x = 0; x < w; x++) {
                int x0 = Math.max(0, x - r), x1 = Math.min(w, x + r + 1);
                double s = sat[y1 * (w + 1) + x1] - sat[y0 * (w + 1) + x1] - sat[y1 * (w + 1) + x0] + sat[y0 * (w + 1) + x0];
                out[y * w + x] = (float) (s / ((y1 - y0) * (x1 - x0)));
            }
        }
        return out;
    }
}
