package dev.cardgen.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class MaskUpsampleTest {

    /** Exactly the pixels outside the rectangle are cleared, for rectangles inside, at the edges, empty and past the mask. */
    @Test
    void clearOutsideClearsExactlyThePixelsOutside() {
        int w = 37, h = 23;
        Random rnd = new Random(9);
        Rectangle[] rects = {new Rectangle(5, 4, 20, 10), new Rectangle(0, 0, w, h), new Rectangle(0, 3, 1, 1),
                new Rectangle(36, 22, 1, 1), new Rectangle(10, 10, 0, 5), new Rectangle(4, 2, 6, 0), new Rectangle(w, h, 0, 0),
                new Rectangle(30, 20, 7, 3)};
        for (Rectangle k : rects) {
            byte[] mask = new byte[w * h];
            rnd.nextBytes(mask);
            byte[] expected = mask.clone();
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    if (!k.contains(x, y)) {
                        expected[y * w + x] = 0;
                    }
                }
            }
            MaskUpsample.clearOutside(mask, w, h, k);
            assertArrayEquals(expected, mask, k::toString);
        }
    }

    /**
     * The bilinear upsample is the per-pixel blend of its four source pixels, on masks of long
     * constant runs (where whole spans are filled) and of noise, in crops that reach past the mask's
     * edges (clamped sources) and with and without a kept rectangle.
     */
    @Test
    void bilinearIsThePerPixelBlendOfItsFourSources() {
        Random rnd = new Random(33);
        int mw = 61, mh = 47;
        for (int round = 0; round < 40; round++) {
            byte[] mask = new byte[mw * mh];
            boolean noise = round % 4 == 0;
            for (int y = 0; y < mh; y++) {
                for (int x = 0; x < mw; x++) {
                    int v = noise ? rnd.nextInt(256) : (x - 30) * (x - 30) + (y - 23) * (y - 23) < 300 ? 255 : 0;
                    mask[y * mw + x] = (byte) (rnd.nextInt(60) == 0 ? rnd.nextInt(256) : v);
                }
            }
            double x0 = rnd.nextDouble() * 20 - 5, y0 = rnd.nextDouble() * 15 - 4;
            double x1 = x0 + 10 + rnd.nextDouble() * 60, y1 = y0 + 8 + rnd.nextDouble() * 45;
            int tw = 20 + rnd.nextInt(200), th = 15 + rnd.nextInt(150);
            Rectangle2D keep = round % 3 == 0 ? null : new Rectangle2D.Double(x0 + 2, y0 + 1, (x1 - x0) * 0.7, (y1 - y0) * 0.8);
            byte[] expected = new byte[tw * th];
            Rectangle k = MaskUpsample.kept(x0, y0, x1, y1, keep, tw, th);
            double sx = (x1 - x0) / tw, sy = (y1 - y0) / th;
            for (int y = k.y; y < k.y + k.height; y++) {
                double v = y0 + (y + 0.5) * sy - 0.5;
                int j = (int) Math.floor(v);
                float fy = (float) (v - j);
                int r0 = Math.max(0, Math.min(mh - 1, j)) * mw, r1 = Math.max(0, Math.min(mh - 1, j + 1)) * mw;
                for (int x = k.x; x < k.x + k.width; x++) {
                    double u = x0 + (x + 0.5) * sx - 0.5;
                    int i = (int) Math.floor(u);
                    float fx = (float) (u - i);
                    int c0 = Math.max(0, Math.min(mw - 1, i)), c1 = Math.max(0, Math.min(mw - 1, i + 1));
                    int a = mask[r0 + c0] & 0xff, b = mask[r0 + c1] & 0xff, c = mask[r1 + c0] & 0xff, d = mask[r1 + c1] & 0xff;
                    float top = a * (1 - fx) + b * fx, bottom = c * (1 - fx) + d * fx;
                    expected[y * tw + x] = (byte) Math.round(top * (1 - fy) + bottom * fy);
                }
            }
            assertArrayEquals(expected, MaskUpsample.bilinear(mask, mw, mh, x0, y0, x1, y1, keep, tw, th), "round " + round);
        }
    }
}
