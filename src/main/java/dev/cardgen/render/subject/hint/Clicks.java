package dev.cardgen.render.subject.hint;

import dev.cardgen.render.subject.cut.GrabCut;

/**
 * What an exclude point means beyond its own disc. A seller who clicks a second object inside the
 * box means the object, not the few pixels under the cursor; but the object is salient and its
 * colours sit in the product's first colour model, so a disc alone leaves the rest of it standing.
 * The object is read as the cells of the click's look reachable from the disc without leaving it
 * (a flood over the blurred grid, within the box): there the saliency prior is dropped and the
 * colours count for the backdrop's model, not the product's; the cut still decides each cell.
 */
public final class Clicks {

    /** Of the click's look: within 10 Lab of the disc's mean, or 2.5 x its own spread if wider (a textured object; 0003). */
    static final float LIKE = 10f, SPREAD = 2.5f;

    private Clicks() {
    }

    /** The cells of the look of each exclude point's disc that are connected to it; all false without exclude points. */
    public static boolean[] excluded(float[][] lab, int w, int h, byte[] hard) {
        int n = w * h;
        boolean[] region = new boolean[n];
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        for (int start = 0; start < n; start++) {
            if (hard[start] != GrabCut.EXCLUDED || seen[start]) continue;
            // one disc: the cells of this label connected to start
            int[] disc = discCells(hard, w, h, start, seen, stack);
            double[] m = new double[3];
            for (int i : disc) {
                for (int c = 0; c < 3; c++) m[c] += lab[c][i];
            }
            for (int c = 0; c < 3; c++) m[c] /= disc.length;
            double spread = 0;
            for (int i : disc) spread += dist2(lab, i, m);
            double limit = Math.max(LIKE, SPREAD * Math.sqrt(spread / disc.length));
            double limit2 = limit * limit;
            int sp = 0;
            for (int i : disc) {
                region[i] = true;
                stack[sp++] = i;
            }
            while (sp > 0) {
                int i = stack[--sp];
                int x = i % w, y = i / w;
                for (int k = 0; k < 4; k++) {
                    int xx = x + (k == 0 ? 1 : k == 1 ? -1 : 0), yy = y + (k == 2 ? 1 : k == 3 ? -1 : 0);
                    if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
                    int j = yy * w + xx;
                    if (region[j] || hard[j] == GrabCut.OUTSIDE || hard[j] == GrabCut.INCLUDED) continue;
                    if (dist2(lab, j, m) <= limit2) {
                        region[j] = true;
                        stack[sp++] = j;
                    }
                }
            }
        }
        return region;
    }

    private static int[] discCells(byte[] hard, int w, int h, int start, boolean[] seen, int[] stack) {
        java.util.List<Integer> cells = new java.util.ArrayList<>();
        int sp = 0;
        stack[sp++] = start;
        seen[start] = true;
        while (sp > 0) {
            int i = stack[--sp];
            cells.add(i);
            int x = i % w, y = i / w;
            for (int k = 0; k < 4; k++) {
                int xx = x + (k == 0 ? 1 : k == 1 ? -1 : 0), yy = y + (k == 2 ? 1 : k == 3 ? -1 : 0);
                if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
                int j = yy * w + xx;
                if (!seen[j] && hard[j] == GrabCut.EXCLUDED) {
                    seen[j] = true;
                    stack[sp++] = j;
                }
            }
        }
        return cells.stream().mapToInt(Integer::intValue).toArray();
    }

    private static double dist2(float[][] lab, int i, double[] m) {
        double a = lab[0][i] - m[0], b = lab[1][i] - m[1], c = lab[2][i] - m[2];
        return a * a + b * b + c * c;
    }
}
