package dev.cardgen.render;

import com.pngencoder.PngEncoder;
import com.pngencoder.PngEncoderSrgbRenderingIntent;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
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
     * An export's card: an opaque card as {@link SegmentedPng} (deflated on all cores, filter Up at
     * a fast level, the same chunks), anything else as {@link #png}. One export waits on its encode; previews and
     * cut-outs, encoded beside other work, keep the single thread.
     */
    public static byte[] pngCard(BufferedImage img) {
        return SegmentedPng.accepts(img) ? SegmentedPng.encode(img) : png(img);
    }

    /**
     * A JPEG of {@code img}. A card ({@code TYPE_INT_RGB}) is handed to the writer as interleaved RGB
     * bytes: the writer copies every row into its byte buffer, and from packed ints that copy goes pixel
     * by pixel (a fifth of a preview's encode). The same bytes as from the card itself.
     */
    public static byte[] jpeg(BufferedImage img, float quality) {
        BufferedImage source = packedRgb(img) ? rgbBytes(img) : img;
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream(img.getWidth() * img.getHeight() / 8);
        // In memory: ImageIO's default file cache is closed by a JVM shutdown hook, under a running encode.
        try (ImageOutputStream ios = new MemoryCacheImageOutputStream(out)) {
            writer.setOutput(ios);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(Math.max(0f, Math.min(1f, quality)));
            writer.write(null, new IIOImage(source, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    private static final ColorModel RGB_BYTES = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB), false, false,
            Transparency.OPAQUE, DataBuffer.TYPE_BYTE);

    /** {@code TYPE_INT_RGB} in one packed array with no offset: what the renderer's cards are. */
    private static boolean packedRgb(BufferedImage img) {
        return img.getType() == BufferedImage.TYPE_INT_RGB && img.getColorModel() instanceof DirectColorModel
                && img.getRaster().getDataBuffer() instanceof DataBufferInt data && data.getNumBanks() == 1 && data.getOffset() == 0
                && img.getRaster().getParent() == null && data.getSize() == img.getWidth() * img.getHeight();
    }

    /** The pixels of a {@link #packedRgb} image as interleaved R, G, B bytes, sRGB like the card. */
    private static BufferedImage rgbBytes(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        int[] px = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        byte[] b = new byte[px.length * 3];
        for (int i = 0, j = 0; i < px.length; i++, j += 3) {
            int p = px[i];
            b[j] = (byte) (p >> 16);
            b[j + 1] = (byte) (p >> 8);
            b[j + 2] = (byte) p;
        }
        return new BufferedImage(RGB_BYTES, Raster.createInterleavedRaster(new DataBufferByte(b, b.length), w, h, w * 3, 3,
                new int[] {0, 1, 2}, null), false, null);
    }
}
