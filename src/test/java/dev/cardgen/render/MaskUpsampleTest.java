package dev.cardgen.render;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.awt.Rectangle;
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
}
