package dev.cardgen.render;

import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.awt.image.WritableRaster;

/**
 * An image's alpha, 0-255, one row at a time, as {@link BufferedImage#getRGB} gives it, at a fraction
 * of {@code getRGB}'s per-pixel colour conversion: straight from the pixel array of a packed ARGB image
 * (a card's product, a cut-out), from the alpha raster where its samples are 8-bit (a decoded RGBA
 * PNG), and through {@code getRGB} otherwise (no alpha, a palette, 16-bit samples). Alpha is the last
 * component of every {@link ColorModel}.
 */
public final class AlphaRows {
    private final BufferedImage image;
    private final int[] packed;
    private final int offset;
    private final int stride;
    private final WritableRaster alpha;
    private final int[] argb;

    public AlphaRows(BufferedImage image) {
        this.image = image;
        int type = image.getType();
        if ((type == BufferedImage.TYPE_INT_ARGB || type == BufferedImage.TYPE_INT_ARGB_PRE)
                && image.getSampleModel() instanceof SinglePixelPackedSampleModel sm
                && image.getRaster().getDataBuffer() instanceof DataBufferInt data && data.getNumBanks() == 1) {
            this.packed = data.getData();
            this.offset = data.getOffset() - image.getRaster().getSampleModelTranslateY() * sm.getScanlineStride()
                    - image.getRaster().getSampleModelTranslateX();
            this.stride = sm.getScanlineStride();
            this.alpha = null;
            this.argb = null;
            return;
        }
        this.packed = null;
        this.offset = 0;
        this.stride = 0;
        ColorModel cm = image.getColorModel();
        this.alpha = cm.hasAlpha() && cm.getComponentSize(cm.getNumComponents() - 1) == 8 ? image.getAlphaRaster() : null;
        this.argb = alpha == null ? new int[image.getWidth()] : null;
    }

    /** Row {@code y}'s alpha into {@code out}, one value per column. */
    public void read(int y, int[] out) {
        int w = image.getWidth();
        if (packed != null) {
            for (int x = 0, o = offset + y * stride; x < w; x++) {
                out[x] = packed[o + x] >>> 24;
            }
            return;
        }
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
