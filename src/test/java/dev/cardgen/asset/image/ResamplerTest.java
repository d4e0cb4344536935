package dev.cardgen.asset.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.awt.image.BufferedImage;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class ResamplerTest {

    /**
     * The resize is, to the bit, the separable Lanczos-3 written one output value at a time (each
     * sum over its taps in order, across then down): shrunk and enlarged, odd and even widths, crops
     * reaching past the edges (fewer taps there), opaque and with alpha.
     */
    @Test
    void theResizeIsTheOneValueAtATimeLanczosToTheBit() {
        Random rnd = new Random(36);
        for (int round = 0; round < 24; round++) {
            boolean alpha = round % 3 == 0;
            int w = 40 + rnd.nextInt(160), h = 30 + rnd.nextInt(120);
            BufferedImage src = new BufferedImage(w, h, alpha ? BufferedImage.TYPE_INT_ARGB_PRE : BufferedImage.TYPE_INT_RGB);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int a = alpha ? rnd.nextInt(256) : 255;
                    int r = Math.min(a, (x * 7 + y * 3 + rnd.nextInt(40)) & 0xff), g = Math.min(a, rnd.nextInt(256)),
                            b = Math.min(a, (x ^ y) & 0xff);
                    src.getRaster().setDataElements(x, y, new int[] {a << 24 | r << 16 | g << 8 | b});
                }
            }
            double x0 = rnd.nextDouble() * 6 - 2, y0 = rnd.nextDouble() * 6 - 2;
            double x1 = w - rnd.nextDouble() * 6 + 2, y1 = h - rnd.nextDouble() * 6 + 2;
            int tw = round % 2 == 0 ? 11 + rnd.nextInt(w) : w + rnd.nextInt(2 * w) + 1;
            int th = round % 2 == 0 ? 9 + rnd.nextInt(h) : h + rnd.nextInt(2 * h) + 1;
            int[] expected = reference(src, x0, y0, x1, y1, tw, th, alpha);
            BufferedImage out = Resampler.resample(src, x0, y0, x1, y1, tw, th, alpha);
            assertArrayEquals(expected, out.getRGB(0, 0, tw, th, null, 0, tw), "round " + round);
        }
    }

    private static int[] reference(BufferedImage src, double x0, double y0, double x1, double y1, int tw, int th, boolean alpha) {
        int w = src.getWidth(), h = src.getHeight(), ch = alpha ? 4 : 3;
        double[][] hx = taps(x0, x1, tw, w), vy = taps(y0, y1, th, h);
        float[][] across = new float[h][tw * ch];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < tw; x++) {
                int first = (int) hx[x][0];
                for (int c = 0; c < ch; c++) {
                    float sum = 0;
                    for (int k = 1; k < hx[x].length; k++) {
                        int p = src.getRaster().getDataBuffer().getElem(y * w + first + k - 1);
                        int v = c == 3 ? p >>> 24 : (p >> (16 - 8 * c)) & 0xff;
                        sum += (float) hx[x][k] * v;
                    }
                    across[y][x * ch + c] = sum;
                }
            }
        }
        int[] out = new int[tw * th];
        for (int y = 0; y < th; y++) {
            int first = (int) vy[y][0];
            for (int x = 0; x < tw; x++) {
                int[] v = new int[ch];
                for (int c = 0; c < ch; c++) {
                    float sum = 0;
                    for (int k = 1; k < vy[y].length; k++) {
                        sum += (float) vy[y][k] * across[first + k - 1][x * ch + c];
                    }
                    v[c] = sum <= 0 ? 0 : sum >= 255 ? 255 : (int) (sum + 0.5f);
                }
                int a = alpha ? v[3] : 255;
                int r = alpha ? Math.min(v[0], a) : v[0], g = alpha ? Math.min(v[1], a) : v[1], b = alpha ? Math.min(v[2], a) : v[2];
                // getRGB of a premultiplied image divides the alpha back out: compare through the same image type
                BufferedImage one = new BufferedImage(1, 1, alpha ? BufferedImage.TYPE_INT_ARGB_PRE : BufferedImage.TYPE_INT_RGB);
                one.getRaster().setDataElements(0, 0, new int[] {alpha ? a << 24 | r << 16 | g << 8 | b : r << 16 | g << 8 | b});
                out[y * tw + x] = one.getRGB(0, 0);
            }
        }
        return out;
    }

    /** Per output pixel: the first source pixel, then its normalised weights (rounded to float, as applied). */
    private static double[][] taps(double from, double to, int n, int size) {
        double step = (to - from) / n, widen = Math.max(1, step), support = 3 * widen;
        int stride = (int) Math.ceil(2 * support) + 2;
        double[][] out = new double[n][];
        for (int i = 0; i < n; i++) {
            double centre = from + (i + 0.5) * step;
            int lo = Math.max((int) Math.floor(centre - support - 0.5) + 1, 0);
            int hi = Math.min((int) Math.floor(centre + support - 0.5), size - 1);
            if (hi < lo) {
                lo = hi = Math.max(0, Math.min(size - 1, (int) Math.floor(centre)));
            }
            int c = Math.min(hi - lo + 1, stride);
            double[] w = new double[c];
            double sum = 0;
            for (int k = 0; k < c; k++) {
                double d = (lo + k + 0.5 - centre) / widen, ad = Math.abs(d), px = Math.PI * d;
                w[k] = ad < 1e-9 ? 1 : ad >= 3 ? 0 : 3 * Math.sin(px) * Math.sin(px / 3) / (px * px);
                sum += w[k];
            }
            if (sum == 0) {
                w = new double[] {1};
                sum = 1;
                c = 1;
            }
            out[i] = new double[c + 1];
            out[i][0] = lo;
            for (int k = 0; k < c; k++) {
                out[i][k + 1] = (float) (w[k] / sum);
            }
        }
        return out;
    }
}
