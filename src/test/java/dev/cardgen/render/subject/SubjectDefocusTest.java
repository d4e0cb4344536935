package dev.cardgen.render.subject;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SubjectDefocusTest {

    private static final int W = 120, H = 100;

    @Test
    void aGapInAStraightOutlineIsBridgedUpToTheLength() {
        boolean[] step = new boolean[W * H];
        for (int x = 10; x <= 110; x++) {
            if (x < 40 || x > 60) step[50 * W + x] = true; // a horizontal outline with a 21 px gap
        }
        boolean[] closed = SubjectDefocus.bridged(step, W, H, 25);
        for (int x = 40; x <= 60; x++) assertTrue(closed[50 * W + x], "x " + x);
        assertEquals(101, count(closed), "nothing but the gap is added");
        assertEquals(80, count(SubjectDefocus.bridged(step, W, H, 15)), "a gap longer than the length stays open");
    }

    @Test
    void aGapInADiagonalOutlineIsBridged() {
        boolean[] step = new boolean[W * H];
        for (int k = 0; k < 80; k++) {
            if (k < 30 || k > 45) step[(10 + k) * W + 20 + k] = true;
        }
        boolean[] closed = SubjectDefocus.bridged(step, W, H, 30);
        for (int k = 30; k <= 45; k++) assertTrue(closed[(10 + k) * W + 20 + k], "k " + k);
    }

    @Test
    void aSquareWithOneSideMissingIsEnclosedOnceBridged() {
        boolean[] step = new boolean[W * H];
        for (int k = 30; k <= 70; k++) {
            step[30 * W + k] = true; // top
            step[70 * W + k] = true; // bottom
            step[k * W + 30] = true; // left
            if (k <= 35 || k >= 65) step[k * W + 70] = true; // right side: a 29 px gap
        }
        assertFalse(SubjectDefocus.enclosed(step, W, H, 1)[50 * W + 50], "open: the fill leaks in");
        assertTrue(SubjectDefocus.enclosed(SubjectDefocus.bridged(step, W, H, 32), W, H, 1)[50 * W + 50]);
    }

    private static int count(boolean[] a) {
        int n = 0;
        for (boolean b : a) if (b) n++;
        return n;
    }
}
