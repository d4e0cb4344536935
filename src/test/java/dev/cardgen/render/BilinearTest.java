package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class BilinearTest {

    /** Premultiplied noise, the hardest case for rounding and edges, resized up, down and by halves. */
    private static final int[][] SIZES = {
        {1, 1, 1, 1}, {1, 1, 7, 3}, {2, 3, 5, 9}, {17, 11, 34, 22}, {17, 11, 8, 5}, {400, 960, 470, 1128},
        {400, 960, 1001, 2403}, {600, 400, 703, 469}, {512, 512, 256, 256}, {2048, 1536, 1024, 768},
        {333, 251, 1000, 999}, {640, 558, 641, 559}, {97, 89, 96, 88}, {3, 1000, 7, 2999}, {600, 400, 420, 281},
        {1200, 1600, 700, 1001}, {5, 4, 3, 2}};

    @Test
    void bilinearResizeOfNoiseIsJava2dsToTheBit() {
        compare(RenderingHints.VALUE_INTERPOLATION_BILINEAR, Bilinear::scale);
    }

    @Test
    void bicubicResizeOfNoiseIsJava2dsToTheBit() {
        compare(RenderingHints.VALUE_INTERPOLATION_BICUBIC, Bicubic::scale);
    }

    /** A cut-out's kind of image: noise inside an ellipse, transparent (0) around it, where the resize skips work. */
    @Test
    void resizeOfNoiseInTransparencyIsJava2dsToTheBit() {
        compare(RenderingHints.VALUE_INTERPOLATION_BILINEAR, Bilinear::scale, true);
        compare(RenderingHints.VALUE_INTERPOLATION_BICUBIC, Bicubic::scale, true);
    }

    private interface Resize {
        void scale(int[] src, int sw, int sh, int[] dst, int w, int h);
    }

    private static void compare(Object interpolation, Resize resize) {
        compare(interpolation, resize, false);
    }

    private static void compare(Object interpolation, Resize resize, boolean ellipse) {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int[] c : SIZES) {
            BufferedImage src = noise(rnd, c[0], c[1]);
            if (ellipse) {
                int[] px = pixels(src);
                for (int y = 0; y < c[1]; y++) {
                    for (int x = 0; x < c[0]; x++) {
                        double u = (x + 0.5) / c[0] - 0.5, v = (y + 0.5) / c[1] - 0.5;
                        if (u * u / 0.09 + v * v / 0.16 > 1) {
                            px[y * c[0] + x] = 0;
                        }
                    }
                }
            }
            BufferedImage java2d = new BufferedImage(c[2], c[3], BufferedImage.TYPE_INT_ARGB_PRE);
            Graphics2D g = java2d.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, interpolation);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(src, 0, 0, c[2], c[3], null);
            g.dispose();
            int[] ours = new int[c[2] * c[3]];
            resize.scale(pixels(src), c[0], c[1], ours, c[2], c[3]);
            assertArrayEquals(pixels(java2d), ours, interpolation + (ellipse ? " ellipse " : " ") + c[0] + "×" + c[1] + " → " + c[2] + "×" + c[3]);
        }
    }

    /** Random premultiplied pixels: every colour channel at most its alpha, a quarter of them transparent. */
    private static BufferedImage noise(SplittableRandom rnd, int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB_PRE);
        int[] px = pixels(img);
        for (int i = 0; i < px.length; i++) {
            int a = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(4) == 0 ? 255 : rnd.nextInt(256);
            px[i] = (a << 24) | (rnd.nextInt(a + 1) << 16) | (rnd.nextInt(a + 1) << 8) | rnd.nextInt(a + 1);
        }
        return img;
    }

    private static int[] pixels(BufferedImage img) {
        return ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
    }
}
