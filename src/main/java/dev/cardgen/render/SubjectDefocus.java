package dev.cardgen.render;

import java.util.Arrays;

/**
 * Defocus cue: behind a product shot in "portrait mode" the backdrop is blurred, so it holds
 * no sharp step anywhere, while the product's outline is a sharp step all round even where its
 * colour meets the backdrop's. The backdrop is then what can be reached from the frame's edge
 * without crossing a sharp step; everything enclosed by sharp steps is the product, smooth
 * inside or not. Colour models fail here because a blurred room changes colour from the border
 * to the middle.
 */
final class SubjectDefocus {

    /** A step is sharp when its gradient is this many times the border's strongest. */
    private static final float STEP_FACTOR = 2.5f;
    private static final float MIN_STEP = 5f;
    private static final double MIN_BOX_SHARE = 0.35;
    /** A border whose 99th-percentile gradient (Lab units per pixel) stays under this is blurred. */
    static final float BLURRED_BORDER = 3.2f;

    private SubjectDefocus() {
    }

    /** Gradient magnitude of the Lab image, central differences. */
    static float[] gradient(float[][] lab, int w, int h) {
        float[] g = new float[w * h];
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                float s = 0;
                for (float[] p : lab) {
                    float gx = (p[i + 1] - p[i - 1]) * 0.5f, gy = (p[i + w] - p[i - w]) * 0.5f;
                    s += gx * gx + gy * gy;
                }
                g[i] = (float) Math.sqrt(s);
            }
        }
        return g;
    }

    /** The 99th percentile of the gradient in the border band: low when the backdrop is out of focus. */
    static float borderSharpness(float[] grad, int w, int h) {
        int[] idx = SubjectBackground.borderIndices(w, h, Math.max(3, Math.min(w, h) / 25));
        float[] v = new float[idx.length];
        int k = 0;
        for (int i : idx) {
            int x = i % w, y = i / w;
            if (x > 0 && y > 0 && x < w - 1 && y < h - 1) v[k++] = grad[i];
        }
        v = Arrays.copyOf(v, k);
        Arrays.sort(v);
        return k == 0 ? 0 : v[(int) (0.99 * (k - 1))];
    }

    /**
     * Foreground = not reachable from the border without crossing a sharp step. Steps are
     * thickened by r before the fill to close small gaps in the outline, and the result is thinned
     * by the same r so the outline stays where it was.
     */
    /** Pixels on a sharp step: a gradient well above anything the blurred border holds. */
    static boolean[] steps(float[] grad, float borderSharpness) {
        float t = Math.max(MIN_STEP, STEP_FACTOR * borderSharpness);
        boolean[] step = new boolean[grad.length];
        for (int i = 0; i < step.length; i++) {
            step[i] = grad[i] > t;
        }
        return step;
    }

    static boolean[] enclosed(boolean[] step, int w, int h, int r) {
        int x0 = w, y0 = h, x1 = -1, y1 = -1;
        for (int i = 0; i < step.length; i++) {
            if (step[i]) {
                x0 = Math.min(x0, i % w);
                x1 = Math.max(x1, i % w);
                y0 = Math.min(y0, i / w);
                y1 = Math.max(y1, i / w);
            }
        }
        if (x1 < 0) {
            return new boolean[w * h];
        }
        // An outline with a gap lets the fill in: widen the walls until the steps enclose a
        // region that fills a fair share of their box, or give up at a width that would swallow detail.
        long box = (long) (x1 - x0 + 1) * (y1 - y0 + 1);
        boolean[] fg = null;
        for (int k = r; k <= 4 * r; k += r) {
            fg = fill(step, w, h, k);
            int area = 0;
            for (boolean b : fg) if (b) area++;
            if (area >= MIN_BOX_SHARE * box) {
                break;
            }
        }
        return fg;
    }

    private static boolean[] fill(boolean[] step, int w, int h, int r) {
        boolean[] wall = SubjectMorphology.morph(step, w, h, r, true);
        SubjectMorphology.Components c = SubjectMorphology.label(wall, w, h, false);
        boolean[] fg = new boolean[w * h];
        for (int i = 0; i < fg.length; i++) {
            int l = c.labels()[i];
            fg[i] = l == 0 || !c.touchesBorder()[l];
        }
        return SubjectMorphology.morph(fg, w, h, r, false);
    }
}
