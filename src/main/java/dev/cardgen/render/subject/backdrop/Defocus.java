package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.mask.Morphology;
import java.util.Arrays;

/**
 * Defocus cue: behind a product shot in "portrait mode" the backdrop is blurred, so it holds
 * no sharp step anywhere, while the product's outline is a sharp step all round even where its
 * colour meets the backdrop's. The backdrop is then what can be reached from the frame's edge
 * without crossing a sharp step; everything enclosed by sharp steps is the product, smooth
 * inside or not. Colour models fail here because a blurred room changes colour from the border
 * to the middle.
 */
public final class Defocus {

    /** Sharp steps 2.5 x (≥ 5), weak ones 1.6 x (≥ 2.5) the border's strongest: walls only where the room has none; hysteresis carries low contrast. */
    private static final float STEP_FACTOR = 2.5f, MIN_STEP = 5f;
    private static final float WEAK_FACTOR = 1.6f, MIN_WEAK_STEP = 2.5f;
    /** Walls widened r ... 6r, the narrowest enclosing 90 % of the widest's area: a fixed width stopped at closed inner rings (an eye). */
    private static final int MAX_WIDEN = 6;
    private static final double NEAR_BEST = 0.9;
    /** At most 8 passes onto the crest: the step's outer half shows the room. */
    private static final int MAX_CREST_PASSES = 8;
    /** The border in 12 stretches; ≤ 3 sharper than 4 x the median (floor 0.5) and 3.2 are a product leaving the frame (a boxed room read as a texture). */
    private static final int STRETCHES = 12;
    private static final float LEAVING_FACTOR = 4f, LEAVING_FLOOR = 0.5f;
    private static final int MAX_LEAVING = 3;
    /** A region holding ≥ 1/4 of the longest frame contact is backdrop: a bottle leaving the frame is not flooded through its neck. */
    private static final double BACKDROP_CONTACT = 0.25;
    /** A border whose 99th-percentile gradient stays ≤ 3.2 Lab/px is blurred: without the floor a room's edges became outline. */
    public static final float BLURRED_BORDER = 3.2f;

    private Defocus() {
    }

    /** Gradient magnitude of the Lab image, central differences. */
    public static float[] gradient(float[][] lab, int w, int h) {
        float[] g = new float[w * h];
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                float s = 0;
                for (float[] p : lab) {
                    float gx = (p[i + 1] - p[i - 1]) * 0.5f, gy = (p[i + w] - p[i - w]) * 0.5f;
                    s += gx * gx + gy * gy;
                }
                g[i] = (float) Math.sqrt(s);
            }
        }
        return g;
    }

    /**
     * The 99th percentile of the gradient in the border band: low when the backdrop is out of
     * focus. A product leaving the frame puts its own sharp outline into the band over a short
     * stretch, and a box cut by the frame's edge in front of a defocused room made the whole border
     * look sharp (a texture). So the band is cut into stretches along the frame, and a few stretches
     * sharper than any blurred backdrop and than several times the border's median stretch are set
     * aside. A texture is sharp all along the frame and keeps every stretch; so does a border with
     * more sharp stretches than a product leaving it would make.
     */
    public static float borderSharpness(float[] grad, int w, int h) {
        int[] idx = Surface.borderIndices(w, h, Math.max(3, Math.min(w, h) / 25));
        int perimeter = 2 * (w + h);
        // which stretch each inner sample falls in (-1 on the frame's own edge), then the stretches
        int[] of = new int[idx.length];
        int[] count = new int[STRETCHES];
        for (int j = 0; j < idx.length; j++) {
            int i = idx[j], x = i % w, y = i / w;
            of[j] = x <= 0 || y <= 0 || x >= w - 1 || y >= h - 1 ? -1
                    : (int) Math.min(STRETCHES - 1, (long) Surface.perimeterPosition(i, w, h) * STRETCHES / perimeter);
            if (of[j] >= 0) count[of[j]]++;
        }
        float[][] stretch = new float[STRETCHES][];
        for (int k = 0; k < STRETCHES; k++) stretch[k] = new float[count[k]];
        int[] filled = new int[STRETCHES];
        for (int j = 0; j < idx.length; j++) {
            if (of[j] >= 0) stretch[of[j]][filled[of[j]]++] = grad[idx[j]];
        }
        float[] top = new float[STRETCHES];
        float[] tops = new float[STRETCHES];
        int used = 0;
        for (int k = 0; k < STRETCHES; k++) {
            if (count[k] == 0) continue;
            top[k] = percentile99(stretch[k]); // sorted in place: the pool below takes its values in any order
            tops[used++] = top[k];
        }
        if (used == 0) return 0;
        tops = Arrays.copyOf(tops, used);
        Arrays.sort(tops);
        float aside = Math.max(LEAVING_FACTOR * Math.max(tops[used / 2], LEAVING_FLOOR), BLURRED_BORDER);
        int setAside = 0;
        for (int k = 0; k < STRETCHES; k++) {
            if (count[k] > 0 && top[k] > aside) setAside++;
        }
        float[] pool = new float[idx.length];
        int n = 0;
        for (int k = 0; k < STRETCHES; k++) {
            if (setAside <= MAX_LEAVING && top[k] > aside) continue;
            System.arraycopy(stretch[k], 0, pool, n, count[k]);
            n += count[k];
        }
        return n == 0 ? 0 : percentile99(Arrays.copyOf(pool, n));
    }

    private static float percentile99(float[] v) {
        Arrays.sort(v);
        return v[(int) (0.99 * (v.length - 1))];
    }

    /**
     * Pixels on a sharp step: a gradient well above anything the blurred border holds, plus the
     * weaker steps connected to one (hysteresis), which carry the outline on where the product's
     * colour comes close to the backdrop's.
     */
    public static Mask steps(float[] grad, float borderSharpness, int w, int h) {
        float strong = Math.max(MIN_STEP, STEP_FACTOR * borderSharpness);
        float weak = Math.max(MIN_WEAK_STEP, WEAK_FACTOR * borderSharpness);
        boolean[] weakStep = new boolean[grad.length];
        for (int i = 0; i < grad.length; i++) {
            weakStep[i] = grad[i] > weak;
        }
        Morphology.Components c = Morphology.label(weakStep, w, h, true);
        boolean[] anchored = new boolean[c.count() + 1];
        for (int i = 0; i < grad.length; i++) {
            if (grad[i] > strong) anchored[c.labels()[i]] = true;
        }
        boolean[] step = new boolean[grad.length];
        for (int i = 0; i < grad.length; i++) {
            int l = c.labels()[i];
            step[i] = l != 0 && anchored[l];
        }
        return new Mask(w, h, step);
    }

    /**
     * Foreground = not reachable from the border without crossing a sharp step. Steps are
     * thickened by r, 2r, ... before the fill to close small gaps in the outline, and the result is thinned
     * by the same r so the outline stays where it was.
     */
    public static Mask enclosed(Mask step, int r) {
        // Each wider wall closes larger gaps but swallows more detail: take the narrowest width
        // whose enclosed area comes close to the widest's.
        int kmax = MAX_WIDEN * r;
        Mask[] fills = new Mask[kmax / r + 1];
        int[] areas = new int[fills.length];
        int best = 0;
        for (int j = 1; j < fills.length; j++) {
            fills[j] = enclosedByWalls(step.dilate(j * r)).erode(j * r);
            areas[j] = fills[j].area();
            best = Math.max(best, areas[j]);
        }
        for (int j = 1; j < fills.length; j++) {
            if (areas[j] >= NEAR_BEST * best) {
                return fills[j];
            }
        }
        return fills[fills.length - 1];
    }

    /**
     * The mask's outline moved from the outer rim of its steps onto their crest. What the walls
     * enclose includes the walls, and a step, spread by the grid's downsampling and blur, is a
     * band a few pixels wide whose outer half shows the backdrop: a rim of the room stayed around
     * the product. An edge pixel of the mask that lies on a step is dropped while the gradient
     * still rises one pixel further in (away from the backdrop beside it); at the crest it stays.
     */
    public static Mask toCrest(Mask mask, Mask steps, float[] grad) {
        boolean[] cur = mask.bits(), step = steps.bits();
        int w = mask.width(), h = mask.height();
        for (int pass = 0; pass < MAX_CREST_PASSES; pass++) {
            boolean[] next = cur.clone();
            boolean changed = false;
            for (int y = 1; y < h - 1; y++) {
                for (int x = 1; x < w - 1; x++) {
                    int i = y * w + x;
                    if (!cur[i] || !step[i]) continue;
                    // inwards: away from the backdrop pixels around it
                    int vx = 0, vy = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            if (!cur[i + dy * w + dx]) {
                                vx -= dx;
                                vy -= dy;
                            }
                        }
                    }
                    if (vx == 0 && vy == 0) continue;
                    double len = Math.hypot(vx, vy);
                    int j = i + (int) Math.round(vy / len) * w + (int) Math.round(vx / len);
                    if (cur[j] && grad[j] > grad[i]) {
                        next[i] = false;
                        changed = true;
                    }
                }
            }
            cur = next;
            if (!changed) break;
        }
        return mask.with(cur);
    }

    /**
     * Walls and what they enclose. The backdrop is what the frame reaches without crossing a wall, but a
     * product cut by the frame (a bottle's neck) opens onto it too: only regions holding a long stretch of
     * the frame are backdrop.
     */
    static Mask enclosedByWalls(Mask walls) {
        int w = walls.width(), h = walls.height();
        Morphology.Components c = walls.components(false);
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
        return walls.with(fg);
    }
}
