package dev.cardgen.render;

import dev.cardgen.render.subject.grid.Colour;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;

/**
 * A working-size mask brought to a larger image of the same scene: bilinear, then (optionally) the
 * guided filter the subject stage uses at working size (He, Sun and Tang; the photo's lightness as
 * guide, the same regularisation), here at the larger image's own resolution, so the soft ramp lands
 * on the photo's real outline instead of the working grid's. Only pixels within the filter's radius
 * of the ramp change. Works in bands of rows, so what it holds besides its output is a few hundred
 * rows, whatever the image's size.
 */
public final class MaskUpsample {

    /** Regularisation, as the subject stage's: edges of less contrast than about sqrt(EPS) of full lightness are smoothed. */
    private static final float EPS = 0.0004f;
    private static final int BAND_ROWS = 128;

    private MaskUpsample() {
    }

    /**
     * The part {@code [x0, x1) × [y0, y1)} of {@code mask} ({@code mw} wide, rows of bytes) at
     * {@code tw × th}, zero outside {@code keep} (the same coordinates as the part; null keeps all),
     * refined along its edge with {@code guide} ({@code tw × th} packed RGB) when it is not null.
     */
    public static byte[] upsample(byte[] mask, int mw, int mh, double x0, double y0, double x1, double y1,
                                  Rectangle2D keep, int tw, int th, int[] guide) {
        byte[] out = bilinear(mask, mw, mh, x0, y0, x1, y1, keep, tw, th);
        if (guide != null) {
            double scale = Math.max(tw / (x1 - x0), th / (y1 - y0));
            // the upsampled ramp spans about one working pixel: the window covers it on both sides
            int radius = Math.max(2, (int) Math.ceil(2 * scale));
            refine(out, guide, tw, th, radius);
            if (keep != null) { // the refined ramp may reach past the kept rectangle
                clearOutside(out, tw, th, kept(x0, y0, x1, y1, keep, tw, th));
            }
        }
        return out;
    }

    static byte[] bilinear(byte[] mask, int mw, int mh, double x0, double y0, double x1, double y1,
                           Rectangle2D keep, int tw, int th) {
        byte[] out = new byte[tw * th];
        double sx = (x1 - x0) / tw, sy = (y1 - y0) / th;
        Rectangle k = kept(x0, y0, x1, y1, keep, tw, th);
        int kx0 = k.x, ky0 = k.y, kx1 = k.x + k.width, ky1 = k.y + k.height;
        // each output column's two source columns (clamped; both never decrease along the row) and its weight
        int[] col0 = new int[tw], col1 = new int[tw];
        float[] xf = new float[tw];
        for (int x = 0; x < tw; x++) {
            double u = x0 + (x + 0.5) * sx - 0.5;
            int i = (int) Math.floor(u);
            xf[x] = (float) (u - i);
            col0[x] = Math.max(0, Math.min(mw - 1, i));
            col1[x] = Math.max(0, Math.min(mw - 1, i + 1));
        }
        Cores.split(ky1 - ky0, (from, to) -> {
            for (int y = ky0 + from; y < ky0 + to; y++) {
                double v = y0 + (y + 0.5) * sy - 0.5;
                int j = (int) Math.floor(v);
                float fy = (float) (v - j);
                int r0 = Math.max(0, Math.min(mh - 1, j)) * mw, r1 = Math.max(0, Math.min(mh - 1, j + 1)) * mw;
                int row = y * tw;
                for (int x = kx0; x < kx1; ) {
                    int c0 = col0[x], c1 = col1[x];
                    int a = mask[r0 + c0] & 0xff, b = mask[r0 + c1] & 0xff, c = mask[r1 + c0] & 0xff, d = mask[r1 + c1] & 0xff;
                    if (a == b && a == c && a == d) {
                        // inside or outside the product: the blend is the value (its float error is far below 0.5),
                        // and so for every next column whose source columns are all that value in both rows
                        int end = c1;
                        while (end + 1 < mw && (mask[r0 + end + 1] & 0xff) == a && (mask[r1 + end + 1] & 0xff) == a) {
                            end++;
                        }
                        int stop = x + 1;
                        while (stop < kx1 && col1[stop] <= end) {
                            stop++;
                        }
                        java.util.Arrays.fill(out, row + x, row + stop, (byte) a);
                        x = stop;
                        continue;
                    }
                    float fx = xf[x];
                    float top = a * (1 - fx) + b * fx;
                    float bottom = c * (1 - fx) + d * fx;
                    out[row + x] = (byte) Math.round(top * (1 - fy) + bottom * fy);
                    x++;
                }
            }
        });
        return out;
    }

    /**
     * The output pixels (of {@code [x0, x1) × [y0, y1)} at {@code tw × th}) whose centres lie in
     * {@code keep}, clipped to the output; all of them when {@code keep} is null.
     */
    public static Rectangle kept(double x0, double y0, double x1, double y1, Rectangle2D keep, int tw, int th) {
        if (keep == null) {
            return new Rectangle(0, 0, tw, th);
        }
        double sx = (x1 - x0) / tw, sy = (y1 - y0) / th;
        int kx0 = Math.max(0, (int) Math.ceil((keep.getMinX() - x0) / sx - 0.5));
        int kx1 = Math.min(tw, (int) Math.ceil((keep.getMaxX() - x0) / sx - 0.5));
        int ky0 = Math.max(0, (int) Math.ceil((keep.getMinY() - y0) / sy - 0.5));
        int ky1 = Math.min(th, (int) Math.ceil((keep.getMaxY() - y0) / sy - 0.5));
        return new Rectangle(kx0, ky0, Math.max(0, kx1 - kx0), Math.max(0, ky1 - ky0));
    }

    /** Zero every pixel of a {@code w × h} mask outside {@code k} (a rectangle within it): whole rows above and below, the sides of the rest. */
    public static void clearOutside(byte[] mask, int w, int h, Rectangle k) {
        int top = Math.min(h, Math.max(0, k.y)), bottom = Math.max(top, Math.min(h, k.y + k.height));
        int left = Math.min(w, Math.max(0, k.x)), right = Math.max(left, Math.min(w, k.x + k.width));
        java.util.Arrays.fill(mask, 0, top * w, (byte) 0);
        for (int y = top; y < bottom; y++) {
            java.util.Arrays.fill(mask, y * w, y * w + left, (byte) 0);
            java.util.Arrays.fill(mask, y * w + right, (y + 1) * w, (byte) 0);
        }
        java.util.Arrays.fill(mask, bottom * w, h * w, (byte) 0);
    }

    /**
     * The guided filter, band by band and, within a band, only over the runs of columns near its ramp:
     * each piece is computed with 2·radius rows and columns of context, so the pieces join exactly.
     */
    static void refine(byte[] mask, int[] rgb, int w, int h, int radius) {
        int reach = 2 * radius;
        byte[] result = mask.clone(); // the filter reads the unrefined mask throughout
        // each band writes its own rows only: the bands run on every core, the same result in any order
        Cores.split((h + BAND_ROWS - 1) / BAND_ROWS, (first, last) -> {
            boolean[] ramp = new boolean[w];
            for (int band = first; band < last; band++) {
                int top = band * BAND_ROWS, bottom = Math.min(h, top + BAND_ROWS);
                int from = Math.max(0, top - reach), to = Math.min(h, bottom + reach);
                java.util.Arrays.fill(ramp, false);
                for (int y = from; y < to; y++) {
                    for (int x = 0, row = y * w; x < w; x++) {
                        int v = mask[row + x] & 0xff;
                        ramp[x] |= v > 0 && v < 255;
                    }
                }
                for (int[] run : runs(ramp, 2 * reach)) {
                    int x0 = Math.max(0, run[0] - reach), x1 = Math.min(w - 1, run[1] - 1 + reach);
                    filterBand(mask, rgb, w, from, to, x0, x1, top, bottom, radius, result);
                }
            }
        });
        System.arraycopy(result, 0, mask, 0, mask.length);
    }

    /** Runs {@code [start, end)} of true columns, those less than {@code gap} apart joined. */
    public static java.util.List<int[]> runs(boolean[] on, int gap) {
        java.util.List<int[]> out = new java.util.ArrayList<>();
        int start = -1, end = -1;
        for (int x = 0; x < on.length; x++) {
            if (!on[x]) continue;
            if (start >= 0 && x - end < gap) {
                end = x + 1;
                continue;
            }
            if (start >= 0) out.add(new int[] {start, end});
            start = x;
            end = x + 1;
        }
        if (start >= 0) out.add(new int[] {start, end});
        return out;
    }

    private static void filterBand(byte[] mask, int[] rgb, int w, int from, int to, int x0, int x1, int top, int bottom,
                                   int radius, byte[] result) {
        int bw = x1 - x0 + 1, bh = to - from, n = bw * bh;
        float[] g = new float[n], p = new float[n], gp = new float[n], gg = new float[n], ramp = new float[n];
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                int i = y * bw + x, j = (y + from) * w + x + x0, c = rgb[j], v = mask[j] & 0xff;
                g[i] = (0.299f * ((c >> 16) & 0xff) + 0.587f * ((c >> 8) & 0xff) + 0.114f * (c & 0xff)) / 255f;
                p[i] = v / 255f;
                gp[i] = g[i] * p[i];
                gg[i] = g[i] * g[i];
                ramp[i] = v > 0 && v < 255 ? 1 : 0;
            }
        }
        float[] near = Colour.boxMean(ramp, bw, bh, radius); // > 0 within the radius of the ramp
        float[][] coefficients = Colour.guidedCoefficients(g, p, gp, gg, bw, bh, radius, EPS);
        float[] ma = coefficients[0], mb = coefficients[1];
        for (int y = top - from; y < bottom - from; y++) {
            for (int x = 0; x < bw; x++) {
                int i = y * bw + x;
                if (near[i] <= 0) continue;
                float q = ma[i] * g[i] + mb[i];
                result[(y + from) * w + x + x0] = (byte) Math.round(255 * Math.max(0, Math.min(1, q)));
            }
        }
    }
}
