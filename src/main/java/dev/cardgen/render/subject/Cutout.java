package dev.cardgen.render.subject;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/**
 * Crops the product with its mask as alpha. Semi-transparent edge pixels still carry
 * the old background mixed in; their colour is replaced by the colour of the nearest
 * opaque product pixels (grown outwards ring by ring) so no halo shows on a new scene.
 */
final class Cutout {

    private static final int OPAQUE = 230;
    private static final int MAX_RINGS = 12;

    private Cutout() {
    }

    /** The crop with the mask as alpha and no colour changed (fully transparent pixels are 0). */
    static BufferedImage asIs(BufferedImage source, byte[] mask, int maskWidth, Rectangle box) {
        int w = box.width;
        int h = box.height;
        int[] rgb = source.getRGB(box.x, box.y, w, h, null, 0, w);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        int[] dst = ((DataBufferInt) out.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < h; y++) {
            int row = (box.y + y) * maskWidth + box.x;
            for (int x = 0; x < w; x++) {
                int a = mask[row + x] & 0xff;
                dst[y * w + x] = a == 0 ? 0 : (a << 24) | (rgb[y * w + x] & 0xffffff);
            }
        }
        return out;
    }

    static BufferedImage cut(BufferedImage source, byte[] mask, int maskWidth, Rectangle box) {
        int w = box.width;
        int h = box.height;
        int[] rgb = source.getRGB(box.x, box.y, w, h, null, 0, w);
        int n = w * h;
        int[] alpha = new int[n];
        boolean[] known = new boolean[n];
        int pending = 0;
        for (int y = 0; y < h; y++) {
            int row = (box.y + y) * maskWidth + box.x;
            for (int x = 0; x < w; x++) {
                int a = mask[row + x] & 0xff;
                int i = y * w + x;
                alpha[i] = a;
                known[i] = a >= OPAQUE;
                if (a > 0 && a < OPAQUE) {
                    pending++;
                }
            }
        }
        int[] todo = new int[pending];
        int t = 0;
        for (int i = 0; i < n; i++) {
            if (alpha[i] > 0 && alpha[i] < OPAQUE) {
                todo[t++] = i;
            }
        }
        int[] colour = rgb.clone();
        int[] fresh = new int[pending];
        int[] freshColour = new int[pending];
        for (int ring = 0; ring < MAX_RINGS && t > 0; ring++) {
            int found = 0;
            int left = 0;
            for (int k = 0; k < t; k++) {
                int i = todo[k];
                int x = i % w;
                int y = i / w;
                int r = 0, g = 0, b = 0, c = 0;
                for (int dy = -1; dy <= 1; dy++) {
                    int yy = y + dy;
                    if (yy < 0 || yy >= h) continue;
                    for (int dx = -1; dx <= 1; dx++) {
                        int xx = x + dx;
                        if (xx < 0 || xx >= w || (dx == 0 && dy == 0)) continue;
                        int j = yy * w + xx;
                        if (known[j]) {
                            int p = colour[j];
                            r += (p >> 16) & 0xff;
                            g += (p >> 8) & 0xff;
                            b += p & 0xff;
                            c++;
                        }
                    }
                }
                if (c > 0) {
                    fresh[found] = i;
                    freshColour[found] = ((r / c) << 16) | ((g / c) << 8) | (b / c);
                    found++;
                } else {
                    todo[left++] = i;
                }
            }
            for (int k = 0; k < found; k++) {
                colour[fresh[k]] = freshColour[k];
                known[fresh[k]] = true;
            }
            t = left;
        }
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        int[] dst = ((DataBufferInt) out.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < n; i++) {
            int a = alpha[i];
            dst[i] = a == 0 ? 0 : (a << 24) | (colour[i] & 0xffffff);
        }
        return out;
    }
}
