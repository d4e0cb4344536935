package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.WritableRaster;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class AlphaRowsTest {

    /** Every kind of image a cut-out can be decoded or drawn as, and a window on one, gives getRGB's alpha, row by row. */
    @Test
    void everyRowIsGetRgbsAlpha() {
        int w = 37, h = 23;
        ComponentColorModel rgba16 = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), true, false,
                Transparency.TRANSLUCENT, DataBuffer.TYPE_USHORT);
        ComponentColorModel greyAlpha = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_GRAY), true, false,
                Transparency.TRANSLUCENT, DataBuffer.TYPE_BYTE);
        byte[] ramp = new byte[256];
        for (int i = 0; i < 256; i++) {
            ramp[i] = (byte) i;
        }
        List<BufferedImage> images = List.of(
                new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB),
                new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB_PRE),
                new BufferedImage(w + 5, h + 3, BufferedImage.TYPE_INT_ARGB).getSubimage(3, 2, w, h), // a window on a larger array
                new BufferedImage(w, h, BufferedImage.TYPE_4BYTE_ABGR),
                new BufferedImage(w, h, BufferedImage.TYPE_4BYTE_ABGR_PRE),
                new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB),
                new BufferedImage(w, h, BufferedImage.TYPE_BYTE_INDEXED, new IndexColorModel(8, 256, ramp, ramp, ramp, ramp)),
                new BufferedImage(rgba16, rgba16.createCompatibleWritableRaster(w, h), false, null),
                new BufferedImage(greyAlpha, greyAlpha.createCompatibleWritableRaster(w, h), false, null));
        SplittableRandom random = new SplittableRandom(7);
        for (BufferedImage image : images) {
            WritableRaster raster = image.getRaster();
            int max = (1 << image.getColorModel().getComponentSize(0)) - 1, bands = raster.getNumBands();
            boolean premultiplied = image.isAlphaPremultiplied();
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) {
                    int a = random.nextInt(max + 1);
                    for (int b = 0; b < bands; b++) {
                        // premultiplied: no colour above its alpha, as Java2D writes it (getRGB garbles such pixels)
                        raster.setSample(x, y, b, b == bands - 1 && image.getColorModel().hasAlpha() ? a
                                : random.nextInt((premultiplied ? a : max) + 1));
                    }
                }
            }
            AlphaRows rows = new AlphaRows(image);
            int[] row = new int[w];
            for (int y = 0; y < h; y++) {
                int[] expected = image.getRGB(0, y, w, 1, null, 0, w);
                for (int x = 0; x < w; x++) {
                    expected[x] >>>= 24;
                }
                rows.read(y, row);
                assertArrayEquals(expected, row, image + ", row " + y);
            }
        }
    }
}
