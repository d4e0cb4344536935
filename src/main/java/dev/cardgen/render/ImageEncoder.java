package dev.cardgen.render;

import com.pngencoder.PngEncoder;
import com.pngencoder.PngEncoderSrgbRenderingIntent;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Encodes cards. PNG uses pngencoder (MIT, pure Java) single-threaded: ~1.8x faster than
 * ImageIO's writer and ~35% smaller at level 6 (bench/results-render.md); one thread because
 * the service already renders several cards in parallel. Output is deterministic.
 */
public final class ImageEncoder {
    private ImageEncoder() {}

    static final int PNG_LEVEL = 6;

    /** PNG with an sRGB chunk (perceptual intent): our pixels are sRGB, and viewers should not guess. */
    public static byte[] png(BufferedImage img) {
        return png(img, PNG_LEVEL);
    }

    /**
     * PNG for a copy only the service reads back (a generation's cut-out): deflate level 3, the fast
     * matcher, about half the CPU of {@link #png}'s level 6 for a third more bytes on a 1600x1200 cut-out
     * (27 against 57-64 ms of one core, 357 against 270 KB). The same pixels.
     */
    public static byte[] pngInternal(BufferedImage img) {
        return png(img, 3);
    }

    private static byte[] png(BufferedImage img, int level) {
        return new PngEncoder().withBufferedImage(img).withCompressionLevel(level)
                .withMultiThreadedCompressionEnabled(false)
                .withSrgbRenderingIntent(PngEncoderSrgbRenderingIntent.PERCEPTUAL).toBytes();
    }

    /**
     * An export's card: an opaque card as {@link SegmentedPng} (deflated on all cores, the same
     * chunks and level), anything else as {@link #png}. One export waits on its encode; previews and
     * cut-outs, encoded beside other work, keep the single thread.
     */
    public static byte[] pngCard(BufferedImage img) {
        return SegmentedPng.accepts(img) ? SegmentedPng.encode(img) : png(img);
    }

    public static byte[] jpeg(BufferedImage img, float quality) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream(img.getWidth() * img.getHeight() / 8);
        // In memory: ImageIO's default file cache is closed by a JVM shutdown hook, under a running encode.
        try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
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
