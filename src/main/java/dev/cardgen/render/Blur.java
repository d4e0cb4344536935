package dev.cardgen.render;

/** Separable box blur on a float plane; three passes approximate a gaussian. */
final class Blur {
    private Blur() {}

    static float[] box(float[] src, int w, int h, int r) {
        float[] tmp = new float[src.length], out = new float[src.length];
        float norm = 1f / (2 * r + 1);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                for (int d = -r; d <= r; d++) sum += src[y * w + Math.min(w - 1, Math.max(0, x + d))];
                tmp[y * w + x] = sum * norm;
            }
        }
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                float sum = 0;
                for (int d = -r; d <= r; d++) sum += tmp[Math.min(h - 1, Math.max(0, y + d)) * w + x];
                out[y * w + x] = sum * norm;
            }
        }
        return out;
    }
}
