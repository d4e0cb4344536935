package dev.cardgen.export;

import dev.cardgen.render.ImageEncoder;

import java.awt.image.BufferedImage;

/**
 * Export files: PNG tagged sRGB (an sRGB chunk, so colour-managed viewers do not guess), deflated on all cores;
 * JPEG at quality 0.92.
 */
final class ExportEncoder {

    static final float JPEG_QUALITY = 0.92f;

    private ExportEncoder() {
    }

    static byte[] encode(BufferedImage img, ExportFormat format) {
        return format == ExportFormat.JPEG ? ImageEncoder.jpeg(img, JPEG_QUALITY) : ImageEncoder.pngCard(img);
    }
}
