package dev.cardgen.render.subject.judge;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.subject.mask.Mask;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class HonestyTest {

    private static final int W = 200, H = 150;

    @Test
    void aPairSideBySideIsOneProduct() {
        boolean[] fg = new boolean[W * H];
        fill(fg, 40, 40, 90, 120);   // left shoe
        fill(fg, 100, 45, 150, 120); // right shoe, 10 px gap
        assertFalse(Honesty.fragmented(new Mask(W, H, fg)));
    }

    @Test
    void twoPiecesFurtherApartThanTheSmallerIsLongAreFragments() {
        boolean[] fg = new boolean[W * H];
        fill(fg, 10, 90, 40, 120);   // a badge, 31 px
        fill(fg, 120, 20, 180, 40);  // a highlight far away: gap 80 px
        assertTrue(Honesty.fragmented(new Mask(W, H, fg)));
    }

    @Test
    void twoPiecesJustCloserThanTheSmallerIsLongStayAPair() {
        boolean[] fg = new boolean[W * H];
        fill(fg, 10, 40, 40, 100);   // 31 x 61
        fill(fg, 70, 40, 100, 100);  // 31 x 61, gap 29 px < 61
        assertFalse(Honesty.fragmented(new Mask(W, H, fg)));
        boolean[] far = new boolean[W * H];
        fill(far, 10, 40, 40, 100);
        fill(far, 110, 40, 140, 100); // gap 69 px > 61
        assertTrue(Honesty.fragmented(new Mask(W, H, far)));
    }

    @Test
    void threePiecesAreFragmentsWhereverTheyLie() {
        boolean[] fg = new boolean[W * H];
        fill(fg, 20, 40, 50, 100);
        fill(fg, 55, 40, 85, 100);
        fill(fg, 90, 40, 120, 100);
        assertTrue(Honesty.fragmented(new Mask(W, H, fg)));
    }

    @Test
    void aMaskOnTheOutlineInventsNothingAndAWedgeOffItDoes() {
        boolean[] step = new boolean[W * H];
        for (int k = 40; k <= 110; k++) {
            step[40 * W + k + 30] = true;  // top of a 71 x 71 square outline, x 70..140
            step[110 * W + k + 30] = true; // bottom
            step[k * W + 70] = true;       // left
            step[k * W + 140] = true;      // right
        }
        boolean[] fg = new boolean[W * H];
        fill(fg, 70, 40, 140, 110);
        assertFalse(Honesty.inventedOutline(new Mask(W, H, fg), new Mask(W, H, step), 2, 0.12));
        // the same square with a wedge of the backdrop cut into its right half: its slopes follow no step
        for (int y = 40; y <= 110; y++) {
            for (int x = 141 - (55 - Math.abs(y - 75)); x <= 140; x++) {
                if (x > 105) fg[y * W + x] = false;
            }
        }
        assertTrue(Honesty.inventedOutline(new Mask(W, H, fg), new Mask(W, H, step), 2, 0.12));
    }

    private static void fill(boolean[] fg, int x0, int y0, int x1, int y1) {
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                fg[y * W + x] = true;
            }
        }
    }
}
