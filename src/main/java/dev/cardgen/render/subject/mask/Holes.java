package dev.cardgen.render.subject.mask;

/**
 * Regions a mask encloses: specks of the product that a cue missed (filled), or backdrop seen
 * through the product - a handle's hole, the gap between a pair - which stay open. On a plain
 * backdrop only specks are filled (a real hole shows the sweep's colour, so the cue already
 * leaves it open); on a texture a hole stays open when it scores like the border does.
 */
public final class Holes {

    /** A texture hole (≥ n/500 px) stays open with ≥ 30 % at or below the border's median: the lawn through a handle opens, camouflaged product sits just under 1.0. */
    static final double LIKE_BORDER = 0.3;

    private Holes() {
    }

    /** Fills every enclosed region smaller than {@code maxHole}. */
    public static Mask fill(Mask fg, int maxHole) {
        return fill(fg, maxHole, null, 0, Integer.MAX_VALUE);
    }

    /**
     * Fills enclosed regions smaller than {@code maxHole}, except those of at least {@code minOpen}
     * pixels whose texture score looks like the border's ({@code score} at or below
     * {@code borderMedian} for {@link #LIKE_BORDER} of the region).
     */
    public static Mask fill(Mask mask, int maxHole, float[] score, double borderMedian, int minOpen) {
        boolean[] fg = mask.bits();
        Morphology.Components c = mask.components(false);
        int[] low = score == null ? null : new int[c.count() + 1];
        if (low != null) {
            for (int i = 0; i < fg.length; i++) {
                if (c.labels()[i] != 0 && score[i] <= borderMedian) low[c.labels()[i]]++;
            }
        }
        boolean[] out = fg.clone();
        for (int i = 0; i < out.length; i++) {
            int l = c.labels()[i];
            if (l == 0 || c.touchesBorder()[l] || c.sizes()[l] >= maxHole) continue;
            boolean backdrop = low != null && c.sizes()[l] >= minOpen && low[l] >= LIKE_BORDER * c.sizes()[l];
            out[i] = !backdrop;
        }
        return mask.with(out);
    }
}
