package dev.cardgen.render.subject.edge;

import dev.cardgen.render.subject.grid.Colour;
import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.mask.Mask;

/** The last step: a mask's soft edge on the grid, upsampled to the photo and moved onto its own edge. */
public final class SoftEdge {

    /** The guided filter's radius at the photo's size, in grid pixels. */
    static final int GUIDE_RADIUS = 2;

    private SoftEdge() {
    }

    /**
     * {@code fg} as 8-bit alpha at the size of the grid's photo (or crop); {@code d} above {@code t} is how
     * far a cell is from the backdrop. With {@code guided}, the guided filter ({@link GuidedEdge}) moves the
     * upsampled ramp onto the photo's own edge.
     */
    public static byte[] mask(Grid g, Mask fg, float[] d, float t, boolean guided) {
        float[] alpha = alpha(fg.bits(), g.small, d, t, g.sw, g.sh);
        byte[] m = new byte[g.width * g.height];
        Colour.upsample(alpha, g.sw, g.sh, g.f, m, g.width, g.height);
        if (guided) {
            GuidedEdge.refine(m, g.rgb, g.width, g.height, GUIDE_RADIUS * g.f);
        }
        return m;
    }

    /**
     * Alpha 0..1 at working size: 0/1 away from the boundary; on the boundary ring, the
     * pixel's colour projected on the line from the nearby background colour to the nearby
     * product colour. A downsampled edge pixel is a linear mix of both, so this places the
     * edge between pixels. Where product and background are too alike in RGB, the colour
     * distance relative to the product's nearby distance stands in.
     */
    static float[] alpha(boolean[] fg, int[] rgb, float[] d, float t, int w, int h) {
        float[] a = new float[w * h];
        boolean[] edge = new boolean[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                edge[y * w + x] = isEdge(fg, w, h, x, y);
            }
        }
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                boolean in = fg[i];
                if (!edge[i]) {
                    a[i] = in ? 1f : 0f;
                    continue;
                }
                float[] sumF = new float[4];
                float[] sumB = new float[3];
                int nb = 0;
                for (int dy = -2; dy <= 2; dy++) {
                    int yy = y + dy;
                    if (yy < 0 || yy >= h) continue;
                    for (int dx = -2; dx <= 2; dx++) {
                        int xx = x + dx;
                        if (xx < 0 || xx >= w) continue;
                        int j = yy * w + xx;
                        if (edge[j]) continue;
                        int p = rgb[j];
                        float[] acc = fg[j] ? sumF : sumB;
                        acc[0] += (p >> 16) & 0xff;
                        acc[1] += (p >> 8) & 0xff;
                        acc[2] += p & 0xff;
                        if (fg[j]) {
                            sumF[3] += d[j];
                        } else {
                            nb++;
                        }
                    }
                }
                int nf = 0;
                for (int dy = -2; dy <= 2; dy++) {
                    int yy = y + dy;
                    if (yy < 0 || yy >= h) continue;
                    for (int dx = -2; dx <= 2; dx++) {
                        int xx = x + dx;
                        if (xx >= 0 && xx < w && fg[yy * w + xx] && !edge[yy * w + xx]) nf++;
                    }
                }
                float v;
                if (nf > 0 && nb > 0) {
                    int p = rgb[i];
                    float fr = sumF[0] / nf, fgc = sumF[1] / nf, fb = sumF[2] / nf;
                    float br = sumB[0] / nb, bgc = sumB[1] / nb, bb = sumB[2] / nb;
                    float er = fr - br, eg = fgc - bgc, eb = fb - bb;
                    float len2 = er * er + eg * eg + eb * eb;
                    if (len2 > 400) {
                        float cr = ((p >> 16) & 0xff) - br, cg = ((p >> 8) & 0xff) - bgc, cb = (p & 0xff) - bb;
                        v = (cr * er + cg * eg + cb * eb) / len2;
                    } else {
                        v = d[i] / Math.max(t, sumF[3] / nf);
                    }
                } else {
                    float dFg = nf > 0 ? Math.max(t, sumF[3] / nf) : 2 * t;
                    v = d[i] / dFg;
                }
                v = Math.max(0f, Math.min(1f, v));
                a[i] = in ? Math.max(0.2f, v) : Math.min(0.8f, v);
            }
        }
        return a;
    }

    private static boolean isEdge(boolean[] fg, int w, int h, int x, int y) {
        boolean v = fg[y * w + x];
        for (int dy = -1; dy <= 1; dy++) {
            int yy = y + dy;
            if (yy < 0 || yy >= h) continue;
            for (int dx = -1; dx <= 1; dx++) {
                int xx = x + dx;
                if (xx >= 0 && xx < w && fg[yy * w + xx] != v) return true;
            }
        }
        return false;
    }
}
