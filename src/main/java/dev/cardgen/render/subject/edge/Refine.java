package dev.cardgen.render.subject.edge;

import dev.cardgen.render.subject.cut.GraphCut;
import dev.cardgen.render.subject.mask.Mask;

/**
 * Step 4 on textures: Lab histograms of the sure product (the mask shrunk) and the sure backdrop (grown)
 * price each pixel of the band between; a minimum cut ({@link GraphCut}) relabels the band in one piece,
 * an outline cheap only where neighbours differ.
 */
public final class Refine {

    /** 12³ bins; bias ln 1.5 to the current label; γ 10 (2-50 alike): a wide band without ragged edges. */
    private static final int BINS = 12;
    private static final double KEEP = 1.5;
    private static final double GAMMA = 10;
    /** Terminal capacity of the sure pixels: no cut goes through them. */
    private static final float HARD = 1e6f;

    private Refine() {
    }

    public static Mask refine(Mask mask, float[][] lab, int band) {
        boolean[] fg = mask.bits(), sure = mask.erode(band).bits(), maybe = mask.dilate(band).bits();
        int w = mask.width(), h = mask.height();
        int n = w * h;
        int[] bin = new int[n];
        for (int i = 0; i < n; i++) {
            bin[i] = q(lab[0][i], 0, 100) * BINS * BINS + q(lab[1][i], -80, 80) * BINS + q(lab[2][i], -80, 80);
        }
        double[] hf = new double[BINS * BINS * BINS], hb = new double[hf.length];
        double nf = 0, nb = 0;
        for (int i = 0; i < n; i++) {
            if (sure[i]) { hf[bin[i]]++; nf++; }
            else if (!maybe[i]) { hb[bin[i]]++; nb++; }
        }
        if (nf < 50 || nb < 50) {
            return mask;
        }
        hf = smooth(hf);
        hb = smooth(hb);
        return mask.with(cut(fg, sure, maybe, lab, bin, hf, nf, hb, nb, w, h));
    }

    /**
     * The band's labels by a minimum cut over the band's box: the sure pixels are tied to their
     * terminal, each band pixel pays -ln p(colour | model) for its label (plus the bias for leaving
     * its current one), and each pair of 4-neighbours split by the outline pays
     * GAMMA · exp(-β |Δ Lab|²), β from the box's mean squared step (as in GrabCut).
     */
    private static boolean[] cut(boolean[] fg, boolean[] sure, boolean[] maybe, float[][] lab, int[] bin,
            double[] hf, double nf, double[] hb, double nb, int w, int h) {
        int x0 = w, y0 = h, x1 = -1, y1 = -1;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int i = y * w + x;
                if (maybe[i] && !sure[i]) {
                    x0 = Math.min(x0, x); x1 = Math.max(x1, x);
                    y0 = Math.min(y0, y); y1 = Math.max(y1, y);
                }
            }
        }
        if (x1 < 0) return fg;
        x0 = Math.max(0, x0 - 1); y0 = Math.max(0, y0 - 1);
        x1 = Math.min(w - 1, x1 + 1); y1 = Math.min(h - 1, y1 + 1);
        int gw = x1 - x0 + 1, gh = y1 - y0 + 1;
        double sum = 0;
        int cnt = 0;
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                int i = y * w + x;
                if (x < x1) { sum += d2(lab, i, i + 1); cnt++; }
                if (y < y1) { sum += d2(lab, i, i + w); cnt++; }
            }
        }
        double beta = 1 / (2 * Math.max(1e-6, sum / Math.max(1, cnt)));
        GraphCut g = new GraphCut(gw, gh);
        double keep = Math.log(KEEP);
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                int i = y * w + x, gi = (y - y0) * gw + (x - x0);
                if (sure[i]) {
                    g.terminal(gi, HARD);
                } else if (!maybe[i]) {
                    g.terminal(gi, -HARD);
                } else {
                    double costFg = -Math.log((hf[bin[i]] + 0.5) / nf) + (fg[i] ? 0 : keep);
                    double costBg = -Math.log((hb[bin[i]] + 0.5) / nb) + (fg[i] ? keep : 0);
                    g.terminal(gi, (float) (costBg - costFg));
                }
                if (x < x1) g.edge(gi, 0, (float) (GAMMA * Math.exp(-beta * d2(lab, i, i + 1))));
                if (y < y1) g.edge(gi, 2, (float) (GAMMA * Math.exp(-beta * d2(lab, i, i + w))));
            }
        }
        g.solve();
        boolean[] out = fg.clone();
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                out[y * w + x] = g.source((y - y0) * gw + (x - x0));
            }
        }
        return out;
    }

    private static double d2(float[][] lab, int i, int j) {
        double s = 0;
        for (int c = 0; c < 3; c++) {
            double t = lab[c][i] - lab[c][j];
            s += t * t;
        }
        return s;
    }

    private static int q(float v, float lo, float hi) {
        int b = (int) ((v - lo) / (hi - lo) * BINS);
        return Math.max(0, Math.min(BINS - 1, b));
    }

    /** Spreads each bin's count over its neighbours, so JPEG and noise shifts still match. */
    private static double[] smooth(double[] hst) {
        double[] o = new double[hst.length];
        for (int l = 0; l < BINS; l++) {
            for (int a = 0; a < BINS; a++) {
                for (int b = 0; b < BINS; b++) {
                    double s = 0;
                    for (int dl = -1; dl <= 1; dl++) {
                        for (int da = -1; da <= 1; da++) {
                            for (int db = -1; db <= 1; db++) {
                                int ll = l + dl, aa = a + da, bb = b + db;
                                if (ll < 0 || aa < 0 || bb < 0 || ll >= BINS || aa >= BINS || bb >= BINS) continue;
                                s += hst[(ll * BINS + aa) * BINS + bb] * (dl == 0 && da == 0 && db == 0 ? 2 : 1);
                            }
                        }
                    }
                    o[(l * BINS + a) * BINS + b] = s;
                }
            }
        }
        return o;
    }
}
