package dev.cardgen.render.subject.judge;

import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.mask.Morphology;

/**
 * Reasons to decline a mask the confidence alone would pass: a cut-out that is not the product harms a
 * seller more than the whole photo. It falls apart, hugs several frame edges, or disagrees with the
 * evidence around it (sharp steps left outside a defocus mask).
 */
public final class Honesty {

    /** More than two pieces (a pair stands side by side; a badge and a highlight do not). */
    private static final int MAX_PIECES = 2;
    /** An edge counts as hugged when the mask covers 4 % of it within a thin band. */
    private static final double EDGE_HUG = 0.04;
    /** Blurred: an outline the mask did not follow: > 12 % of the steps away, or a run > 8 % of the longer side. */
    private static final double MAX_STRAY_STEPS = 0.12;
    private static final double MAX_STRAY_RUN = 0.08;

    private Honesty() {
    }

    /** More than two pieces, or two further apart than the smaller is long. */
    public static boolean fragmented(Mask fg) {
        Morphology.Components c = fg.components(true);
        return c.count() > MAX_PIECES || (c.count() == 2 && apart(c, fg.width(), fg.height()));
    }

    /** Two pieces are a pair only side by side: the gap between their boxes at most the smaller one's length. */
    private static boolean apart(Morphology.Components c, int w, int h) {
        int[] x0 = {w, w}, y0 = {h, h}, x1 = {-1, -1}, y1 = {-1, -1};
        for (int i = 0; i < c.labels().length; i++) {
            int l = c.labels()[i] - 1;
            if (l < 0) continue;
            int x = i % w, y = i / w;
            x0[l] = Math.min(x0[l], x);
            x1[l] = Math.max(x1[l], x);
            y0[l] = Math.min(y0[l], y);
            y1[l] = Math.max(y1[l], y);
        }
        int gap = Math.max(Math.max(x0[1] - x1[0], x0[0] - x1[1]), Math.max(y0[1] - y1[0], y0[0] - y1[1]));
        int small = c.sizes()[1] <= c.sizes()[2] ? 0 : 1;
        int length = Math.max(x1[small] - x0[small], y1[small] - y0[small]) + 1;
        return gap > length;
    }

    /** Whether the mask reaches within a thin band of two or more frame edges along a fair stretch. */
    public static boolean hugsSeveralEdges(Mask mask) {
        boolean[] fg = mask.bits();
        int w = mask.width(), h = mask.height();
        int b = Math.max(2, Math.min(w, h) / 50);
        boolean[] top = new boolean[w], bottom = new boolean[w], left = new boolean[h], right = new boolean[h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if (!fg[y * w + x]) continue;
                if (y < b) top[x] = true;
                if (y >= h - b) bottom[x] = true;
                if (x < b) left[y] = true;
                if (x >= w - b) right[y] = true;
            }
        }
        int hugged = (count(top) > EDGE_HUG * w ? 1 : 0) + (count(bottom) > EDGE_HUG * w ? 1 : 0)
                + (count(left) > EDGE_HUG * h ? 1 : 0) + (count(right) > EDGE_HUG * h ? 1 : 0);
        return hugged >= 2;
    }

    private static int count(boolean[] a) {
        int c = 0;
        for (boolean v : a) if (v) c++;
        return c;
    }

    /** Whether more than {@link #MAX_STRAY_STEPS} of the steps lie more than r cells from the mask. */
    public static boolean strayStepsOutside(Mask fg, Mask step, int r) {
        boolean[] near = fg.dilate(r).bits(), marks = step.bits();
        int marked = 0, away = 0;
        for (int i = 0; i < marks.length; i++) {
            if (marks[i]) {
                marked++;
                if (!near[i]) away++;
            }
        }
        return (marked == 0 ? 1 : away / (double) marked) > MAX_STRAY_STEPS;
    }

    /** Whether one connected run of steps lies more than r cells from the mask over a share of the longer side. */
    public static boolean strayOutline(Mask fg, Mask step, int r) {
        boolean[] near = fg.dilate(r).bits();
        Morphology.Components c = step.components(true);
        int[] stray = new int[c.count() + 1];
        int[] lab = c.labels();
        int most = 0;
        for (int i = 0; i < near.length; i++) {
            if (lab[i] != 0 && !near[i]) most = Math.max(most, ++stray[lab[i]]);
        }
        return most > MAX_STRAY_RUN * Math.max(fg.width(), fg.height());
    }

    /** Whether more than {@code max} of the mask's edge lies further than {@code near} from a step. */
    public static boolean inventedOutline(Mask mask, Mask step, int near, double max) {
        boolean[] onStep = step.dilate(near).bits(), fg = mask.bits();
        int w = mask.width(), h = mask.height();
        int edge = 0, invented = 0;
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                if (!Morphology.onEdge(fg, i, w)) continue;
                edge++;
                if (!onStep[i]) invented++;
            }
        }
        return invented > max * edge;
    }
}
