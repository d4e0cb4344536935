package dev.cardgen.render.subject.edge;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.subject.grid.Colour;
import dev.cardgen.render.subject.mask.Mask;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class RefineTest {

    private static final int W = 200, H = 160;
    private static final int CX = 96, CY = 80, R = 40;

    /**
     * A texture cue's mask reaches past the product (a ring of lawn 6 px wide and a blade of it
     * sticking out): the refinement puts the outline back on the product's edge and drops the blade.
     */
    @Test
    void theOutlineReturnsToTheProductsEdgeAndABladeOfTheBackdropIsCutOff() {
        Random rnd = new Random(3);
        int[] rgb = new int[W * H];
        boolean[] truth = new boolean[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int i = y * W + x;
                truth[i] = Math.hypot(x - CX, y - CY) <= R;
                if (truth[i]) {
                    rgb[i] = rgb(214 + rnd.nextInt(12), 120 + rnd.nextInt(12), 40 + rnd.nextInt(12)); // orange
                } else {
                    int g = 70 + rnd.nextInt(90); // blades of grass, light and dark
                    rgb[i] = rgb(g / 3, g, g / 4);
                }
            }
        }
        boolean[] mask = new boolean[W * H];
        boolean[] blade = new boolean[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                int i = y * W + x;
                blade[i] = x > CX + R + 4 && x <= CX + R + 22 && Math.abs(y - CY) <= 1;
                mask[i] = Math.hypot(x - CX, y - CY) <= R + 6 || blade[i];
            }
        }
        float[][] lab = Colour.toLab(rgb);
        Colour.blur3(lab, W, H);
        int before = wrong(mask, truth);

        boolean[] out = Refine.refine(new Mask(W, H, mask), lab, 9).bits();

        int after = wrong(out, truth);
        assertTrue(after < before / 5, "pixels labelled wrongly " + before + " -> " + after);
        int bladeLeft = 0;
        for (int i = 0; i < blade.length; i++) {
            if (blade[i] && out[i]) bladeLeft++;
        }
        assertTrue(bladeLeft == 0, "blade pixels left " + bladeLeft);
        // the product itself is kept whole
        int lost = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] && !out[i]) lost++;
        }
        assertTrue(lost < 0.01 * Math.PI * R * R, "product pixels lost " + lost);
    }

    private static int wrong(boolean[] m, boolean[] truth) {
        int n = 0;
        for (int i = 0; i < m.length; i++) {
            if (m[i] != truth[i]) n++;
        }
        return n;
    }

    private static int rgb(int r, int g, int b) {
        return (r << 16) | (g << 8) | b;
    }
}
