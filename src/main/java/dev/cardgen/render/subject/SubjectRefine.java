package dev.cardgen.render.subject;

/**
 * GrabCut-style colour refinement of a mask's outline: colour models (smoothed Lab histograms)
 * of the sure product (the mask shrunk) and of the sure backdrop (outside the mask grown) decide
 * every pixel of the uncertain band between them. Cues built on neighbourhoods (texture means,
 * closed outlines) place the outline a few pixels off; the pixel's own colour puts it back.
 */
final class SubjectRefine {

    private static final int BINS = 12;
    /** Bias towards the current label: the band only flips where the colours clearly say so. */
    private static final double KEEP = 1.5;

    private SubjectRefine() {
    }

    static boolean[] refine(boolean[] fg, float[][] lab, int w, int h, int band) {
        boolean[] sure = SubjectMorphology.morph(fg, w, h, band, false);
        boolean[] maybe = SubjectMorphology.morph(fg, w, h, band, true);
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
            return fg;
        }
        hf = smooth(hf);
        hb = smooth(hb);
        boolean[] out = fg.clone();
        for (int i = 0; i < n; i++) {
            if (maybe[i] && !sure[i]) {
                double pf = (hf[bin[i]] + 0.5) / nf, pb = (hb[bin[i]] + 0.5) / nb;
                out[i] = fg[i] ? pf * KEEP > pb : pf > pb * KEEP;
            }
        }
        out = SubjectMorphology.open(out, w, h, 1);
        return SubjectMorphology.close(out, w, h, 1);
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
