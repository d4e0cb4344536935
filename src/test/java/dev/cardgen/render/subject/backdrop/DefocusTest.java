package dev.cardgen.render.subject.backdrop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.subject.grid.Colour;
import dev.cardgen.render.subject.mask.Mask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class DefocusTest {

    private static final int W = 120, H = 100;

    @Test
    void theOutlineMovesFromTheStepsOuterRimOntoItsCrest() {
        // a dark disc of radius 30 on a light backdrop that turns from warm to cool, edge antialiased
        int[] rgb = new int[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                double cover = Math.max(0, Math.min(1, 30.5 - Math.hypot(x - 60, y - 50)));
                int r = (int) Math.round(cover * 60 + (1 - cover) * (230 - x / 2.0));
                int g = (int) Math.round(cover * 50 + (1 - cover) * 200);
                int b = (int) Math.round(cover * 40 + (1 - cover) * (150 + x / 2.0));
                rgb[y * W + x] = r << 16 | g << 8 | b;
            }
        }
        float[][] lab = Colour.toLab(rgb);
        Colour.blur3(lab, W, H);
        float[] grad = Defocus.gradient(lab, W, H);
        Mask steps = Defocus.steps(grad, Defocus.borderSharpness(grad, W, H), W, H);
        boolean[] step = steps.bits();
        boolean[] enclosed = Defocus.enclosed(steps, 1).bits();
        boolean[] crest = Defocus.toCrest(new Mask(W, H, enclosed), steps, grad).bits();

        double before = iouWithDisc(enclosed), after = iouWithDisc(crest);
        assertTrue(before < 0.90, "the fill keeps the step's outer half: " + before);
        assertTrue(after > 0.96, "on the crest: " + after);
        for (int i = 0; i < W * H; i++) {
            if (enclosed[i] && !crest[i]) {
                assertTrue(step[i], "only step pixels are dropped");
                assertTrue(Math.hypot(i % W - 60, i / W - 50) > 29, "nothing inside the disc is dropped");
            }
        }
        assertArrayEquals(crest, Defocus.toCrest(new Mask(W, H, crest), steps, grad).bits(), "the crest stops it");
    }

    @Test
    void aProductLeavingTheFrameDoesNotMakeABlurredBorderSharp() {
        // a defocused backdrop: lightness ramps slowly across the frame
        float[] grad = new float[W * H];
        java.util.Arrays.fill(grad, 0.8f);
        // a sharp product cut by the right edge over a fifth of its height: its outline and detail
        for (int y = 40; y < 60; y++) {
            for (int x = 90; x < W; x++) grad[y * W + x] = 20f;
        }
        assertTrue(Defocus.borderSharpness(grad, W, H) <= Defocus.BLURRED_BORDER,
                "still blurred: " + Defocus.borderSharpness(grad, W, H));
        // a texture is sharp all along the frame: every stretch counts
        for (int i = 0; i < W * H; i++) grad[i] = (i * 7919) % 13 == 0 ? 20f : 0.8f;
        assertTrue(Defocus.borderSharpness(grad, W, H) > Defocus.BLURRED_BORDER, "texture");
        // sharp along a whole side and more: more than a product leaving the frame would make
        java.util.Arrays.fill(grad, 0.8f);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                if (x < 8 || y < 8) grad[y * W + x] = 20f;
            }
        }
        assertTrue(Defocus.borderSharpness(grad, W, H) > Defocus.BLURRED_BORDER, "two sharp sides");
    }

    private static double iouWithDisc(boolean[] mask) {
        int both = 0, either = 0;
        for (int i = 0; i < W * H; i++) {
            boolean disc = Math.hypot(i % W - 60, i / W - 50) <= 30;
            if (disc && mask[i]) both++;
            if (disc || mask[i]) either++;
        }
        return (double) both / either;
    }

    private static int count(boolean[] a) {
        int n = 0;
        for (boolean b : a) if (b) n++;
        return n;
    }
}
