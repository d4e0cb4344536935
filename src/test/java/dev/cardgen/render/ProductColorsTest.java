package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application
class ProductColorsTest {

    /** The seeding as it was first written: a stable sort of the samples by luminance. */
    private static float[][] stableSortCentres(float[][] px) {
        float[][] sorted = px.clone();
        Arrays.sort(sorted, (a, b) -> Float.compare(a[0] * 0.3f + a[1] * 0.59f + a[2] * 0.11f,
                b[0] * 0.3f + b[1] * 0.59f + b[2] * 0.11f));
        float[][] c = new float[4][];
        for (int i = 0; i < 4; i++) c[i] = sorted[(int) ((i + 0.5) * sorted.length / 4)].clone();
        return c;
    }

    @Test
    void seedingPicksTheSamplesAStableSortByLuminancePicks() {
        Random r = new Random(36);
        for (int round = 0; round < 200; round++) {
            int n = 1 + r.nextInt(round < 100 ? 40 : 6000);
            // Few levels per channel: many samples share a luminance, and different colours do too.
            int levels = 1 + r.nextInt(round % 2 == 0 ? 4 : 256);
            float[][] px = new float[n][];
            for (int i = 0; i < n; i++) {
                px[i] = new float[] {q(r, levels), q(r, levels), q(r, levels)};
            }
            float[][] expected = stableSortCentres(px);
            float[][] got = ProductColors.initCentres(px);
            for (int k = 0; k < 4; k++) {
                assertArrayEquals(expected[k], got[k], "round " + round + ", centre " + k);
            }
        }
    }

    private static float q(Random r, int levels) {
        return levels == 1 ? 0 : Math.round(r.nextInt(levels) * 255f / (levels - 1));
    }
}
