package dev.cardgen.export;

import dev.cardgen.render.ImageEncoder;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOInvalidTreeException;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Export files: PNG tagged sRGB (an sRGB chunk, so colour-managed viewers do not guess), JPEG at quality 0.92. */
final class ExportEncoder {

    static final float JPEG_QUALITY = 0.92f;

    private ExportEncoder() {
    }

    static byte[] encode(BufferedImage img, ExportFormat format) {
        return format == ExportFormat.JPEG ? ImageEncoder.jpeg(img, JPEG_QUALITY) : pngSrgb(img);
    }

    static byte[] pngSrgb(BufferedImage img) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("png").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream(img.getWidth() * img.getHeight());
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(ios);
            ImageWriteParam param = writer.getDefaultWriteParam();
            IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(img), param);
            IIOMetadataNode srgb = new IIOMetadataNode("sRGB");
            srgb.setAttribute("renderingIntent", "Perceptual");
            IIOMetadataNode root = new IIOMetadataNode("javax_imageio_png_1.0");
            root.appendChild(srgb);
            meta.mergeTree("javax_imageio_png_1.0", root);
            writer.write(null, new IIOImage(img, null, meta), param);
        } catch (IIOInvalidTreeException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }
}
