package dev.cardgen.render.subject.mask;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import java.awt.image.DataBufferByte;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class HolesTest {

    private static final int W = 80, H = 80;
    /** The border's median texture score in these tests. */
    private static final double BORDER_MEDIAN = 0.5;

    @Test
    void aHoleThatScoresLikeTheBorderStaysOpen() {
        boolean[] fg = ringAround(20, 20, 40, 40);
        float[] score = scores(fg, 0.4f);
        boolean[] out = Holes.fill(new Mask(W, H, fg), W * H, score, BORDER_MEDIAN, 100).bits();
        assertArrayEquals(fg, out, "the handle's hole is backdrop");
    }

    @Test
    void aHoleScoringJustUnderTheThresholdIsFilled() {
        boolean[] fg = ringAround(20, 20, 40, 40);
        float[] score = scores(fg, 0.9f);
        boolean[] out = Holes.fill(new Mask(W, H, fg), W * H, score, BORDER_MEDIAN, 100).bits();
        assertEquals(count(fg) + 40 * 40, count(out), "a part of the product the cue missed");
    }

    @Test
    void aSpeckIsFilledHoweverItScores() {
        boolean[] fg = ringAround(35, 35, 6, 6);
        float[] score = scores(fg, 0.1f);
        boolean[] out = Holes.fill(new Mask(W, H, fg), W * H, score, BORDER_MEDIAN, 100).bits();
        assertEquals(count(fg) + 36, count(out));
    }

    @Test
    void withoutScoresOnlyHolesSmallerThanTheLimitAreFilled() {
        boolean[] fg = ringAround(20, 20, 40, 40);
        assertArrayEquals(fg, Holes.fill(new Mask(W, H, fg), 40 * 40).bits(), "a hole as large as the limit stays");
        assertEquals(count(fg) + 40 * 40, count(Holes.fill(new Mask(W, H, fg), 40 * 40 + 1).bits()));
    }

    @Test
    void theOutsideIsNeverFilled() {
        boolean[] fg = ringAround(20, 20, 40, 40);
        boolean[] out = Holes.fill(new Mask(W, H, fg), W * H, scores(fg, 0.9f), BORDER_MEDIAN, 100).bits();
        assertEquals(false, out[0]);
        assertEquals(false, out[W * H - 1]);
    }

    /**
     * A handbag on real grass (tuning part of the composites): the backdrop seen through its handle
     * scores like the rest of the lawn, so the hole stays open instead of being cut out as grass.
     */
    @Test
    void aHandlesHoleOnATextureStaysOpen() {
        RealComposites.Scene bag = RealComposites.scene(false, "TEXTURED/BAG/texture-grass.jpg@1.0", 512, 384);
        Subject s = SubjectExtractor.extract(bag.image());
        assertTrue(s.detected(), "confidence " + s.confidence());
        byte[] mask = ((DataBufferByte) s.mask().getRaster().getDataBuffer()).getData();
        double iou = SyntheticPhotos.iou(bag.truth(), mask);
        assertTrue(iou >= 0.95, "IoU " + iou);
        // the true hole: background the frame cannot reach without crossing the bag
        Morphology.Components c = Morphology.label(bag.truth(), bag.image().getWidth(), bag.image().getHeight(), false);
        int holePixels = 0, open = 0;
        for (int i = 0; i < mask.length; i++) {
            int l = c.labels()[i];
            if (l != 0 && !c.touchesBorder()[l]) {
                holePixels++;
                if ((mask[i] & 0xff) < 128) open++;
            }
        }
        assertTrue(holePixels > 1000, "the bag's handle encloses a hole: " + holePixels);
        assertTrue(open >= 0.9 * holePixels, open + " of " + holePixels + " hole pixels left out of the cut-out");
    }

    /** A 10 px thick square ring whose hole is the given rectangle. */
    private static boolean[] ringAround(int x0, int y0, int w, int h) {
        boolean[] fg = new boolean[W * H];
        for (int y = y0 - 10; y < y0 + h + 10; y++) {
            for (int x = x0 - 10; x < x0 + w + 10; x++) {
                boolean hole = x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
                fg[y * W + x] = !hole;
            }
        }
        return fg;
    }

    /** Product pixels score 3, every other pixel the given score. */
    private static float[] scores(boolean[] fg, float backdrop) {
        float[] s = new float[fg.length];
        Arrays.fill(s, backdrop);
        for (int i = 0; i < fg.length; i++) {
            if (fg[i]) s[i] = 3f;
        }
        return s;
    }

    private static int count(boolean[] m) {
        int c = 0;
        for (boolean b : m) if (b) c++;
        return c;
    }
}
