package dev.cardgen.render.subject.judge;

import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.mask.Morphology;

/**
 * How much a mask looks like one product: a sensible share of the frame, little of the border covered
 * (none at half of it), a clear step at the mask's edge.
 */
record Score(double confidence, boolean detected, double area, double borderTouch, double contrast) {

    /** Detected at confidence ≥ 0.35: an empty room scored 0.71, off-plain cut-outs ≥ 0.95. */
    private static final double MAX_BORDER_TOUCH = 0.5;
    private static final double MIN_CONFIDENCE = 0.35;

    static Score of(Mask mask, float[] d, float t) {
        boolean[] fg = mask.bits();
        int w = mask.width(), h = mask.height();
        int n = w * h;
        int area = 0;
        double edgeSum = 0;
        int edgeCount = 0;
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                if (!fg[i]) continue;
                area++;
                // Two pixels inside the edge: the product's own colour, past the mixed ring.
                boolean nearEdge = Morphology.onEdge(fg, i, w);
                if (!nearEdge && x > 2 && y > 2 && x < w - 3 && y < h - 3
                        && (!fg[i - 3] || !fg[i + 3] || !fg[i - 3 * w] || !fg[i + 3 * w])) {
                    edgeSum += d[i];
                    edgeCount++;
                }
            }
        }
        int border = 0;
        int touched = 0;
        for (int x = 0; x < w; x++) {
            border += 2;
            if (fg[x]) touched++;
            if (fg[(h - 1) * w + x]) touched++;
        }
        for (int y = 1; y < h - 1; y++) {
            border += 2;
            if (fg[y * w]) touched++;
            if (fg[y * w + w - 1]) touched++;
        }
        double areaFrac = area / (double) n;
        double touch = touched / (double) border;
        double contrast = edgeCount == 0 ? 0 : edgeSum / edgeCount / t;

        double areaScore = Math.min(ramp(areaFrac, 0.005, 0.02), 1 - ramp(areaFrac, 0.85, 0.95));
        double touchScore = 1 - ramp(touch, 0.1, MAX_BORDER_TOUCH);
        double contrastScore = ramp(contrast, 1.0, 1.5);
        double confidence = areaScore * touchScore * contrastScore;
        boolean detected = confidence >= MIN_CONFIDENCE;
        return new Score(confidence, detected, areaFrac, touch, contrast);
    }

    private static double ramp(double v, double lo, double hi) {
        return v <= lo ? 0 : v >= hi ? 1 : (v - lo) / (hi - lo);
    }
}
