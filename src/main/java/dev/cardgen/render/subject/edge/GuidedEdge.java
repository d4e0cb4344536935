package dev.cardgen.render.subject.edge;

import dev.cardgen.render.subject.grid.Colour;
import dev.cardgen.render.subject.mask.Morphology;

/**
 * Edge refinement at the working copy's own resolution: a guided filter (He, Sun and Tang) with
 * the photo's lightness as guide moves the upsampled mask's soft ramp onto the product's real
 * outline, so the cut-out follows the photo's edge instead of the coarse grid it was found on (no
 * staircase along diagonals, no dark rim of grid pixels). Only pixels within the radius of the
 * ramp change, and only the box around the outline is filtered.
 */
public final class GuidedEdge {

    /** eps 0.0004: edges under about 2 % of full lightness are smoothed, not followed (radius 2 grid px, {@link SoftEdge}). */
    private static final float EPS = 0.0004f;

    private GuidedEdge() {
    }

    /**
     * Refines {@code mask} (8-bit alpha, w x h) in place within {@code radius} of its soft ramp,
     * guided by the lightness of {@code rgb}.
     */
    public static void refine(byte[] mask, int[] rgb, int w, int h, int radius) {
        int x0 = w, y0 = h, x1 = -1, y1 = -1;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            for (int x = 0; x < w; x++) {
                int v = mask[row + x] & 0xff;
                if (v > 0 && v < 255) {
                    x0 = Math.min(x0, x);
                    x1 = Math.max(x1, x);
                    y0 = Math.min(y0, y);
                    y1 = y;
                }
            }
        }
        if (x1 < 0) return;
        // the box of the ramp, grown by twice the radius: the filter's windows of windows
        x0 = Math.max(0, x0 - 2 * radius);
        y0 = Math.max(0, y0 - 2 * radius);
        x1 = Math.min(w - 1, x1 + 2 * radius);
        y1 = Math.min(h - 1, y1 + 2 * radius);
        int bw = x1 - x0 + 1, bh = y1 - y0 + 1, n = bw * bh;
        float[] g = new float[n], p = new float[n], gp = new float[n], gg = new float[n];
        boolean[] ramp = new boolean[n];
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                int i = y * bw + x, j = (y + y0) * w + x + x0, c = rgb[j], v = mask[j] & 0xff;
                g[i] = (0.299f * ((c >> 16) & 0xff) + 0.587f * ((c >> 8) & 0xff) + 0.114f * (c & 0xff)) / 255f;
                p[i] = v / 255f;
                gp[i] = g[i] * p[i];
                gg[i] = g[i] * g[i];
                ramp[i] = v > 0 && v < 255;
            }
        }
        boolean[] band = Morphology.morph(ramp, bw, bh, radius, true);
        float[][] coefficients = Colour.guidedCoefficients(g, p, gp, gg, bw, bh, radius, EPS);
        float[] ma = coefficients[0], mb = coefficients[1];
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                int i = y * bw + x;
                if (!band[i]) continue;
                float q = ma[i] * g[i] + mb[i];
                mask[(y + y0) * w + x + x0] = (byte) Math.round(255 * Math.max(0, Math.min(1, q)));
            }
        }
    }
}
