package dev.cardgen.render.subject;

/**
 * What walls (sharp steps, or pixels unlike the backdrop) enclose. The backdrop is what can be
 * reached from the frame without crossing a wall; but a product cut by the frame (a bottle's neck
 * leaving at the top) opens onto the frame too, so only the regions that hold a long stretch of
 * the frame count as backdrop: a region meeting the frame along a short stretch only, while the
 * backdrop holds most of it, is the product running out of the picture.
 */
final class SubjectEnclosure {

    /** A frame-touching region is backdrop when it holds at least this share of the longest frame contact. */
    private static final double BACKDROP_CONTACT = 0.25;

    private SubjectEnclosure() {
    }

    /** Pixels not in the backdrop: walls and everything they enclose. */
    static boolean[] enclosed(boolean[] wall, int w, int h) {
        SubjectMorphology.Components c = SubjectMorphology.label(wall, w, h, false);
        int[] contact = new int[c.count() + 1];
        int[] lab = c.labels();
        for (int x = 0; x < w; x++) {
            contact[lab[x]]++;
            contact[lab[(h - 1) * w + x]]++;
        }
        for (int y = 1; y < h - 1; y++) {
            contact[lab[y * w]]++;
            contact[lab[y * w + w - 1]]++;
        }
        contact[0] = 0;
        int longest = 0;
        for (int v : contact) longest = Math.max(longest, v);
        boolean[] fg = new boolean[w * h];
        for (int i = 0; i < fg.length; i++) {
            int l = lab[i];
            fg[i] = l == 0 || contact[l] < BACKDROP_CONTACT * longest;
        }
        return fg;
    }
}
