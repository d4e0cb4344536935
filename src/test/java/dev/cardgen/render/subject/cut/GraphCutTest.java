package dev.cardgen.render.subject.cut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class GraphCutTest {

    /** The cut the solver returns costs exactly the minimum over every labelling of small random grids. */
    @Test
    void findsTheMinimumCutOfRandomGrids() {
        Random rnd = new Random(7);
        for (int round = 0; round < 300; round++) {
            int w = 2 + rnd.nextInt(3), h = 2 + rnd.nextInt(3); // up to 16 pixels: 65,536 labellings
            int n = w * h;
            float[] term = new float[n];
            float[] right = new float[n], down = new float[n];
            GraphCut g = new GraphCut(w, h);
            for (int i = 0; i < n; i++) {
                // integers keep the sums exact; zero terminals and zero edges occur too
                term[i] = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(21) - 10;
                g.terminal(i, term[i]);
            }
            randomEdges(g, rnd, w, h, right, down);
            g.solve();
            assertEquals(minimum(term, right, down, w, h), cost(cut(g, n), term, right, down, w, h), 1e-9, "round " + round);
        }
    }

    /**
     * Solved again after its terminals change (GrabCut's next round), the graph starting from the flow it
     * found still returns a cut of exactly the minimum cost: terminals that change sign, fall to zero or
     * rise from it, several times over.
     */
    @Test
    void findsTheMinimumCutAgainAfterTheTerminalsChange() {
        Random rnd = new Random(11);
        for (int round = 0; round < 200; round++) {
            int w = 2 + rnd.nextInt(3), h = 1 + rnd.nextInt(4);
            int n = w * h;
            float[] term = new float[n];
            float[] right = new float[n], down = new float[n];
            GraphCut g = new GraphCut(w, h);
            randomEdges(g, rnd, w, h, right, down);
            for (int again = 0; again < 4; again++) {
                for (int i = 0; i < n; i++) {
                    if (again == 0 || rnd.nextInt(2) == 0) {
                        term[i] = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(21) - 10;
                    }
                    g.terminal(i, term[i]);
                }
                g.solve();
                assertEquals(minimum(term, right, down, w, h), cost(cut(g, n), term, right, down, w, h), 1e-9,
                        "round " + round + ", solve " + again);
            }
        }
    }

    @Test
    void aWeakEdgeBetweenTwoStrongRegionsIsWhereTheCutRuns() {
        // a 6x1 strip: source-tied left end, sink-tied right end, one cheap edge in the middle
        GraphCut g = new GraphCut(6, 1);
        g.terminal(0, 100);
        g.terminal(5, -100);
        for (int i = 0; i < 5; i++) {
            g.edge(i, 0, i == 3 ? 1 : 50);
        }
        g.solve();
        for (int i = 0; i < 6; i++) {
            if (i <= 3) assertTrue(g.source(i), "pixel " + i);
            else assertFalse(g.source(i), "pixel " + i);
        }
    }

    private static boolean[] cut(GraphCut g, int n) {
        boolean[] got = new boolean[n];
        for (int i = 0; i < n; i++) {
            got[i] = g.source(i);
        }
        return got;
    }

    /** The least cost over every labelling (at most 16 pixels: 65,536 of them). */
    private static double minimum(float[] term, float[] right, float[] down, int w, int h) {
        int n = w * h;
        double best = Double.MAX_VALUE;
        boolean[] labels = new boolean[n];
        for (int bits = 0; bits < (1 << n); bits++) {
            for (int i = 0; i < n; i++) {
                labels[i] = (bits >> i & 1) == 1;
            }
            best = Math.min(best, cost(labels, term, right, down, w, h));
        }
        return best;
    }

    private static double cost(boolean[] src, float[] term, float[] right, float[] down, int w, int h) {
        double c = 0;
        for (int i = 0; i < src.length; i++) {
            if (!src[i] && term[i] > 0) c += term[i];
            if (src[i] && term[i] < 0) c -= term[i];
            if (i % w + 1 < w && src[i] != src[i + 1]) c += right[i];
            if (i / w + 1 < h && src[i] != src[i + w]) c += down[i];
        }
        return c;
    }

    /** Random integer capacities (zero included) on every right and down edge, recorded in {@code right} and {@code down}. */
    private static void randomEdges(GraphCut g, Random rnd, int w, int h, float[] right, float[] down) {
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                if (x + 1 < w) {
                    right[i] = rnd.nextInt(8);
                    g.edge(i, 0, right[i]);
                }
                if (y + 1 < h) {
                    down[i] = rnd.nextInt(8);
                    g.edge(i, 2, down[i]);
                }
            }
        }
    }
}
