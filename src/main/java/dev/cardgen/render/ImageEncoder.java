package dev.cardgen.render;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/** Encodes cards. JPEG is baseline with a fixed quality; PNG via {@link #png}. */
public final class ImageEncoder {
    private ImageEncoder() {}

    public static byte[] png(BufferedImage img) {
        return imageIoPng(img);
    }

    static byte[] imageIoPng(BufferedImage img) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(img.getWidth() * img.getHeight() / 2);
        try {
            if (!ImageIO.write(img, "png", out)) throw new IOException("no PNG writer");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static byte[] jpeg(BufferedImage img, float quality) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream(img.getWidth() * img.getHeight() / 8);
        try (ImageOutputStream ios = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(ios);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(Math.max(0f, Math.min(1f, quality)));
            writer.write(null, new IIOImage(img, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }
}
