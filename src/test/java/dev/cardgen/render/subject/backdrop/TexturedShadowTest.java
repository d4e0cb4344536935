package dev.cardgen.render.subject.backdrop;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.mask.Mask;
import java.awt.image.BufferedImage;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class TexturedShadowTest {

    private static final int W = 320, H = 240;
    /** The product: a grey bar; its cast shadow: the strip below it, the surface at half its channels. */
    private static final int PX0 = 100, PX1 = 220, PY0 = 80, PY1 = 130, SY1 = 170;

    /** A grained cork-brown surface, a smooth grey product (or one of the surface at half its light), its shadow. */
    private static Grid photo(boolean shadowLikeProduct) {
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Random rnd = new Random(7);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                double grain = 1 + 0.25 * (rnd.nextDouble() - 0.5), tint = 0.08 * (rnd.nextDouble() - 0.5);
                double r = 180 * grain * (1 + tint), g = 130 * grain, b = 90 * grain * (1 - tint);
                boolean product = x >= PX0 && x < PX1 && y >= PY0 && y < PY1;
                boolean shadow = x >= PX0 + 10 && x < PX1 + 10 && y >= PY1 && y < SY1;
                if (product && !shadowLikeProduct) {
                    double v = 110 + 0.02 * x;
                    r = v;
                    g = v;
                    b = v + 4;
                } else if (product || shadow) {
                    r *= 0.5;
                    g *= 0.5;
                    b *= 0.5;
                }
                double n = 2.5; // sensor noise, after the shadow
                img.setRGB(x, y, (clamp(r + n * rnd.nextGaussian()) << 16) | (clamp(g + n * rnd.nextGaussian()) << 8)
                        | clamp(b + n * rnd.nextGaussian()));
            }
        }
        return Grid.of(img, 640);
    }

    private static int clamp(double v) {
        return (int) Math.max(0, Math.min(255, Math.round(v)));
    }

    private static Mask rect(int x0, int y0, int x1, int y1) {
        boolean[] bits = new boolean[W * H];
        for (int y = y0; y < y1; y++) {
            for (int x = x0; x < x1; x++) {
                bits[y * W + x] = true;
            }
        }
        return new Mask(W, H, bits);
    }

    @Test
    void aCutHoldingItsCastShadowHoldsTheSurfaceDarkened() {
        Textured t = new Textured(photo(false));
        double withShadow = t.darkenedSurface(rect(PX0, PY0, PX1 + 10, SY1));
        double productOnly = t.darkenedSurface(rect(PX0, PY0, PX1, PY1));
        assertTrue(withShadow >= Textured.SURFACE_SHARE, "the shadow's share " + withShadow);
        assertTrue(withShadow >= 0.15, "the strip is 0.44 of the cut; a good part of it counts " + withShadow);
        assertTrue(productOnly < Textured.SURFACE_SHARE, "a grey product is not the brown surface " + productOnly);
    }

    @Test
    void whatLooksLikeTheSurfaceDarkenedCountsWhereverItLies() {
        // the limit of the test: a product that is the surface at half its light is taken for a shadow (a decline)
        Textured t = new Textured(photo(true));
        double share = t.darkenedSurface(rect(PX0, PY0, PX1, PY1));
        assertTrue(share >= 0.5, "share " + share);
    }
}
