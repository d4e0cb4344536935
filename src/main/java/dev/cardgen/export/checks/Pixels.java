package dev.cardgen.export.checks;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;

/**
 * Reads a run of pixels as 0xRRGGBB ints. The cards the engine renders are {@code TYPE_INT_RGB}:
 * their pixels are copied straight from the raster (getRGB converts each through the colour model,
 * ~30x slower on a 2400 px edge band); any other image, such as a decoded JPEG, goes through getRGB.
 */
final class Pixels {
    private Pixels() {
    }

    static int[] row(BufferedImage img, int x, int y, int n) {
        int[] out = new int[n];
        if (img.getType() == BufferedImage.TYPE_INT_RGB && img.getRaster().getDataBuffer() instanceof DataBufferInt data
                && img.getRaster().getSampleModel() instanceof SinglePixelPackedSampleModel model
                && img.getRaster().getSampleModelTranslateX() == 0 && img.getRaster().getSampleModelTranslateY() == 0) {
            System.arraycopy(data.getData(), data.getOffset() + y * model.getScanlineStride() + x, out, 0, n);
            return out;
        }
        img.getRGB(x, y, n, 1, out, 0, n);
        return out;
    }
}
