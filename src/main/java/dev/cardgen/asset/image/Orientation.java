package dev.cardgen.asset.image;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/** Turns a stored TYPE_INT_RGB (or TYPE_INT_ARGB_PRE) raster into the displayed one for an EXIF orientation (1..8). */
final class Orientation {

    private Orientation() {
    }

    static BufferedImage apply(BufferedImage src, int orientation) {
        if (orientation <= 1 || orientation > 8) {
            return src;
        }
        int w = src.getWidth();
        int h = src.getHeight();
        boolean swap = orientation >= 5;
        int dw = swap ? h : w;
        int dh = swap ? w : h;
        BufferedImage dst = new BufferedImage(dw, dh, src.getType());
        int[] s = ((DataBufferInt) src.getRaster().getDataBuffer()).getData();
        int[] d = ((DataBufferInt) dst.getRaster().getDataBuffer()).getData();
        for (int y = 0; y < dh; y++) {
            for (int x = 0; x < dw; x++) {
                int sx;
                int sy;
                switch (orientation) {
                    case 2 -> { sx = w - 1 - x; sy = y; }
                    case 3 -> { sx = w - 1 - x; sy = h - 1 - y; }
                    case 4 -> { sx = x; sy = h - 1 - y; }
                    case 5 -> { sx = y; sy = x; }
                    case 6 -> { sx = y; sy = h - 1 - x; }
                    case 7 -> { sx = w - 1 - y; sy = h - 1 - x; }
                    default -> { sx = w - 1 - y; sy = x; } // 8
                }
                d[y * dw + x] = s[sy * w + sx];
            }
        }
        return dst;
    }
}
