package dev.cardgen.render.subject;

/**
 * Reasons to decline a mask that the confidence score alone would pass: a cut-out that is not
 * the product harms a seller more than a card framing the whole photo. Declines when the mask
 * falls apart into several pieces, hugs more than one edge of the frame, or when the cue that
 * drew it and the evidence around it disagree (sharp steps left outside a defocus mask, or a
 * long run of them: an outline the mask did not follow; a texture mask made mostly of filled-in holes).
 */
final class SubjectHonesty {

    /** Pieces beyond two (a pair of shoes) mean a fragmented mask. */
    private static final int MAX_PIECES = 2;
    /** An edge of the frame counts as hugged when the mask covers this share of it. */
    private static final double EDGE_HUG = 0.04;
    /** Defocus: at most this share of sharp steps may lie away from the mask. */
    private static final double MAX_STRAY_STEPS = 0.12;
    /** Defocus: the longest run of sharp steps away from the mask, as a share of the frame's longer side. */
    private static final double MAX_STRAY_RUN = 0.08;
    /** Defocus: at most this share of the mask's edge may run away from the sharp steps. */
    static final double MAX_INVENTED_OUTLINE = 0.12;
    /** Texture: at least this share of the mask must be unlike the backdrop by itself. */
    private static final double MIN_OWN_SHARE = 0.55;

    private SubjectHonesty() {
    }

    /** Pieces smaller than a fifth of the largest are already dropped; more than two left is a fragmented mask. */
    static boolean fragmented(boolean[] fg, int w, int h) {
        return fragmented(fg, w, h, 0);
    }

    /** As above, pieces within {@code near} pixels of each other counting as one (a product cut by a band of the backdrop's colour). */
    static boolean fragmented(boolean[] fg, int w, int h, int near) {
        boolean[] m = near > 0 ? SubjectMorphology.morph(fg, w, h, (near + 1) / 2, true) : fg;
        SubjectMorphology.Components c = SubjectMorphology.label(m, w, h, true);
        return c.count() > MAX_PIECES || (c.count() == 2 && apart(c, w, h));
    }

    /**
     * Two pieces are one product (a pair) only side by side: when the gap between their boxes is
     * wider than the smaller piece's box is long, they are two unrelated things of the photo.
     */
    private static boolean apart(SubjectMorphology.Components c, int w, int h) {
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

    /** Counts an edge as hugged when the mask reaches within a thin band of it along a fair stretch. */
    static boolean hugsSeveralEdges(boolean[] fg, int w, int h) {
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

    /** Whether more than {@link #MAX_STRAY_STEPS} of the sharp steps (the defocus cue) lie more than r pixels from the mask. */
    static boolean strayStepsOutside(boolean[] fg, boolean[] step, int w, int h, int r) {
        return shareAway(fg, step, w, h, r) > MAX_STRAY_STEPS;
    }

    /** Share of the marked pixels that lie more than r pixels from the mask; 1 when nothing is marked. */
    static double shareAway(boolean[] fg, boolean[] marks, int w, int h, int r) {
        boolean[] near = SubjectMorphology.morph(fg, w, h, r, true);
        int marked = 0, away = 0;
        for (int i = 0; i < fg.length; i++) {
            if (marks[i]) {
                marked++;
                if (!near[i]) away++;
            }
        }
        return marked == 0 ? 1 : away / (double) marked;
    }

    /** Whether too much of the mask is there only because holes were filled. */
    static boolean mostlyFilledIn(boolean[] fg, float[] d, float t) {
        return ownShare(fg, d, t) < MIN_OWN_SHARE;
    }

    /** Share of the mask whose score is above t by itself; 0 for an empty mask. */
    static double ownShare(boolean[] fg, float[] d, float t) {
        int area = 0, own = 0;
        for (int i = 0; i < fg.length; i++) {
            if (fg[i]) {
                area++;
                if (d[i] > t) own++;
            }
        }
        return area == 0 ? 0 : own / (double) area;
    }

    /**
     * Defocus: whether one connected run of sharp steps lies away from the mask over more than
     * a share of the frame's side. A blurred backdrop holds no such run, so it is an outline the
     * mask did not follow (part of the product was lost through a gap).
     */
    static boolean strayOutline(boolean[] fg, boolean[] step, int w, int h, int r) {
        return longestStrayRun(fg, step, w, h, r) > MAX_STRAY_RUN * Math.max(w, h);
    }

    /**
     * True when more than {@link #MAX_INVENTED_OUTLINE} of the mask's edge runs further than
     * {@code near} pixels from any sharp step: an outline made up where the photo shows none (a
     * bridged gap that cut a wedge of the backdrop in, or a notch out).
     */
    static boolean inventedOutline(boolean[] fg, boolean[] step, int w, int h, int near) {
        return inventedOutline(fg, step, w, h, near, MAX_INVENTED_OUTLINE);
    }

    /** As {@link #inventedOutline(boolean[], boolean[], int, int, int)} with {@code max} as the share allowed. */
    static boolean inventedOutline(boolean[] fg, boolean[] step, int w, int h, int near, double max) {
        boolean[] onStep = SubjectMorphology.morph(step, w, h, near, true);
        int edge = 0, invented = 0;
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                if (!SubjectMorphology.onEdge(fg, i, w)) continue;
                edge++;
                if (!onStep[i]) invented++;
            }
        }
        return invented > max * edge;
    }

    /** The most pixels of one connected run of sharp steps lying more than r pixels from the mask. */
    static int longestStrayRun(boolean[] fg, boolean[] step, int w, int h, int r) {
        boolean[] near = SubjectMorphology.morph(fg, w, h, r, true);
        SubjectMorphology.Components c = SubjectMorphology.label(step, w, h, true);
        int[] stray = new int[c.count() + 1];
        int[] lab = c.labels();
        int most = 0;
        for (int i = 0; i < fg.length; i++) {
            if (lab[i] != 0 && !near[i]) most = Math.max(most, ++stray[lab[i]]);
        }
        return most;
    }
}
