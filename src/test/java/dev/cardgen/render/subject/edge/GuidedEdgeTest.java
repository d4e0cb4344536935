package dev.cardgen.render.subject.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.subject.grid.Colour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class GuidedEdgeTest {

    private static final int W = 160, H = 160, F = 4;
    private static final double CX = 81.3, CY = 78.6, R = 47.5;

    @Test
    void theCoarseGridsEdgeMovesOntoThePhotosEdge() {
        int[] rgb = new int[W * H];
        double[] truth = new double[W * H];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                truth[y * W + x] = coverage(x, y);
                int v = (int) Math.round(200 - 150 * truth[y * W + x]);
                rgb[y * W + x] = (v << 16) | (v << 8) | v;
            }
        }
        // the disc found on a grid four times coarser and reaching 3 px too far (a rim of backdrop),
        // upsampled as the extractor does
        int sw = W / F, sh = H / F;
        float[] coarse = new float[sw * sh];
        for (int y = 0; y < sh; y++) {
            for (int x = 0; x < sw; x++) {
                coarse[y * sw + x] = Math.hypot((x + 0.5) * F - CX, (y + 0.5) * F - CY) < R + 3 ? 1 : 0;
            }
        }
        byte[] mask = new byte[W * H];
        Colour.upsample(coarse, sw, sh, F, mask, W, H);
        double before = error(mask, truth);

        GuidedEdge.refine(mask, rgb, W, H, 2 * F);

        double after = error(mask, truth);
        assertTrue(after < 0.5 * before, "pixels cut wrongly " + before + " -> " + after);
        assertEquals(255, mask[(int) CY * W + (int) CX] & 0xff, "the middle stays opaque");
        assertEquals(0, mask[0] & 0xff, "the corner stays clear");
    }

    /** Pixels the cut-out (alpha at least half) gets wrong against the true disc. */
    private static double error(byte[] mask, double[] truth) {
        int wrong = 0;
        for (int i = 0; i < mask.length; i++) {
            if (((mask[i] & 0xff) >= 128) != (truth[i] >= 0.5)) wrong++;
        }
        return wrong;
    }

    /** Share of the pixel inside the disc, by 4x4 supersampling. */
    private static double coverage(int x, int y) {
        int in = 0;
        for (int j = 0; j < 4; j++) {
            for (int i = 0; i < 4; i++) {
                if (Math.hypot(x + (i + 0.5) / 4 - CX, y + (j + 0.5) / 4 - CY) < R) in++;
            }
        }
        return in / 16.0;
    }
}
