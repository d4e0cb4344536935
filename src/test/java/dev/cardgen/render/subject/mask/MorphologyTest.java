package dev.cardgen.render.subject.mask;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class MorphologyTest {

    @Test
    void dilationAndErosionMatchTheSquareByDefinition() {
        Random rnd = new Random(7);
        int w = 37, h = 23;
        for (int trial = 0; trial < 40; trial++) {
            boolean[] m = new boolean[w * h];
            double density = rnd.nextDouble();
            for (int i = 0; i < m.length; i++) m[i] = rnd.nextDouble() < density * 0.3;
            for (int r : new int[] {0, 1, 2, 5, 11, 30}) {
                for (boolean grow : new boolean[] {true, false}) {
                    assertArrayEquals(bruteForce(m, w, h, r, grow), Morphology.morph(m, w, h, r, grow),
                            "trial " + trial + " r " + r + " grow " + grow);
                }
            }
        }
    }

    /** A pixel takes the value {@code grow} when any pixel of the (2r+1)² square around it, inside the frame, has it. */
    private static boolean[] bruteForce(boolean[] m, int w, int h, int r, boolean grow) {
        boolean[] out = new boolean[m.length];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                boolean any = false;
                for (int yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r) && !any; yy++) {
                    for (int xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
                        if (m[yy * w + xx] == grow) {
                            any = true;
                            break;
                        }
                    }
                }
                out[y * w + x] = any ? grow : !grow;
            }
        }
        return out;
    }
}
