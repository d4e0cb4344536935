package dev.cardgen.render;

import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.WritableRaster;

/**
 * An image's alpha, 0-255, one row at a time, as {@link BufferedImage#getRGB} gives it: read from the
 * alpha raster where its samples are 8-bit (a decoded RGBA PNG, an ARGB cut-out), which costs a
 * fraction of {@code getRGB}'s per-pixel colour conversion; through {@code getRGB} otherwise (no alpha,
 * a palette, 16-bit samples). Alpha is the last component of every {@link ColorModel}.
 */
public final class AlphaRows {
    private final BufferedImage image;
    private final WritableRaster alpha;
    private final int[] argb;

    public AlphaRows(BufferedImage image) {
        this.image = image;
        ColorModel cm = image.getColorModel();
        this.alpha = cm.hasAlpha() && cm.getComponentSize(cm.getNumComponents() - 1) == 8 ? image.getAlphaRaster() : null;
        this.argb = alpha == null ? new int[image.getWidth()] : null;
    }

    /** Row {@code y}'s alpha into {@code out}, one value per column. */
    public void read(int y, int[] out) {
        int w = image.getWidth();
        if (alpha != null) {
            alpha.getSamples(0, y, w, 1, 0, out);
            return;
        }
        image.getRGB(0, y, w, 1, argb, 0, w);
        for (int x = 0; x < w; x++) {
            out[x] = argb[x] >>> 24;
        }
    }
}
