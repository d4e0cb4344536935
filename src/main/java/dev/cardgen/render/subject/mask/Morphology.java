package dev.cardgen.render.subject.mask;

/** Binary-mask operations for the subject stage: square morphology, region filling, components. */
public final class Morphology {

    private Morphology() {
    }

    /** Dilation (grow=true) or erosion with a (2r+1)² square, separable, row-major passes. */
    public static boolean[] morph(boolean[] src, int w, int h, int r, boolean grow) {
        boolean[] tmp = new boolean[src.length];
        boolean[] out = new boolean[src.length];
        for (int y = 0; y < h; y++) {
            int row = y * w;
            // count of "grow" pixels in the sliding window [x-r, x+r]
            int count = 0;
            for (int k = 0; k <= Math.min(r, w - 1); k++) {
                if (src[row + k] == grow) count++;
            }
            for (int x = 0; x < w; x++) {
                tmp[row + x] = count > 0 ? grow : !grow;
                int add = x + r + 1, drop = x - r;
                if (add < w && src[row + add] == grow) count++;
                if (drop >= 0 && src[row + drop] == grow) count--;
            }
        }
        // the same sliding count down each column, so the cost does not grow with r
        int[] column = new int[w];
        for (int k = 0; k <= Math.min(r, h - 1); k++) {
            int row = k * w;
            for (int x = 0; x < w; x++) {
                if (tmp[row + x] == grow) column[x]++;
            }
        }
        for (int y = 0; y < h; y++) {
            int o = y * w;
            for (int x = 0; x < w; x++) {
                out[o + x] = column[x] > 0 ? grow : !grow;
            }
            int add = y + r + 1, drop = y - r;
            if (add < h) {
                int row = add * w;
                for (int x = 0; x < w; x++) {
                    if (tmp[row + x] == grow) column[x]++;
                }
            }
            if (drop >= 0) {
                int row = drop * w;
                for (int x = 0; x < w; x++) {
                    if (tmp[row + x] == grow) column[x]--;
                }
            }
        }
        return out;
    }

    /** True for a pixel of the mask with a 4-neighbour outside it; i must not lie on the frame's edge. */
    public static boolean onEdge(boolean[] m, int i, int w) {
        return m[i] && (!m[i - 1] || !m[i + 1] || !m[i - w] || !m[i + w]);
    }

    /**
     * Labels 8-connected regions where {@code mask[i] == value}; returns labels (0 = other)
     * and fills {@code sizes} lazily via the returned array's companion.
     */
    public static Components label(boolean[] mask, int w, int h, boolean value) {
        int n = w * h;
        int[] labels = new int[n];
        int[] stack = new int[n];
        int[] sizes = new int[16];
        boolean[] touches = new boolean[16];
        int next = 0;
        for (int start = 0; start < n; start++) {
            if (mask[start] != value || labels[start] != 0) continue;
            next++;
            if (next >= sizes.length) {
                sizes = java.util.Arrays.copyOf(sizes, sizes.length * 2);
                touches = java.util.Arrays.copyOf(touches, touches.length * 2);
            }
            int sp = 0;
            stack[sp++] = start;
            labels[start] = next;
            int size = 0;
            boolean touch = false;
            while (sp > 0) {
                int i = stack[--sp];
                size++;
                int x = i % w, y = i / w;
                if (x == 0 || y == 0 || x == w - 1 || y == h - 1) touch = true;
                for (int dy = -1; dy <= 1; dy++) {
                    int yy = y + dy;
                    if (yy < 0 || yy >= h) continue;
                    for (int dx = -1; dx <= 1; dx++) {
                        int xx = x + dx;
                        if (xx < 0 || xx >= w) continue;
                        int j = yy * w + xx;
                        if (mask[j] == value && labels[j] == 0) {
                            labels[j] = next;
                            stack[sp++] = j;
                        }
                    }
                }
            }
            sizes[next] = size;
            touches[next] = touch;
        }
        return new Components(labels, java.util.Arrays.copyOf(sizes, next + 1),
                java.util.Arrays.copyOf(touches, next + 1), next);
    }

    /** Connected regions: label per pixel, size and whether it reaches the frame, per label. */
    public record Components(int[] labels, int[] sizes, boolean[] touchesBorder, int count) {

        /** The size of the largest region; 0 for none. */
        public int largest() {
            int most = 0;
            for (int l = 1; l <= count; l++) most = Math.max(most, sizes[l]);
            return most;
        }
    }
}
