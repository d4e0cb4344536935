package dev.cardgen.asset.image;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Validates an uploaded photo from its header alone, then decodes a bounded working copy.
 * Plain Java (ImageIO + TwelveMonkeys); safe against decompression bombs and lying headers.
 */
public final class ImageInspector {

    public static final long MAX_PIXELS = 100_000_000L;
    public static final int MIN_SHORTER_SIDE = 800;
    /**
     * Lower limit for WebP: TwelveMonkeys decodes lossless WebP (and WebP alpha) at full
     * resolution whatever the subsampling, about 4 bytes per pixel, so 40 Mpx ≈ 160 MB transient.
     */
    public static final long MAX_WEBP_PIXELS = 40_000_000L;

    private ImageInspector() {
    }

    /**
     * Sniffs magic bytes (the declared content type is not trusted), reads dimensions from the
     * header without decoding pixels, applies EXIF orientation to width/height, and rejects
     * images over {@link #MAX_PIXELS} or with a shorter side under {@link #MIN_SHORTER_SIDE}.
     */
    public static InspectedImage inspect(Path file) throws ImageRejectedException {
        ImageHeaderReader.Header h;
        try {
            h = ImageHeaderReader.read(file);
        } catch (IOException e) {
            throw ImageRejectedException.unreadable("The image could not be read.", e);
        }
        boolean swap = h.orientation() >= 5;
        ImageInfo info = new ImageInfo(h.format(), swap ? h.storedHeight() : h.storedWidth(),
                swap ? h.storedWidth() : h.storedHeight(), h.orientation());
        checkPixels(info);
        if (Math.min(info.width(), info.height()) < MIN_SHORTER_SIDE) {
            throw new ImageRejectedException(ImageRejectedException.Reason.TOO_SMALL,
                    "The image is " + info.width() + "×" + info.height() + " pixels; its shorter side must be at least "
                            + MIN_SHORTER_SIDE + " pixels.");
        }
        return new InspectedImage(file, info, h);
    }

    /**
     * Decodes a working copy whose longest side is at most {@code maxSide}: subsampled on read,
     * finished with a high-quality downscale, converted to sRGB {@code TYPE_INT_RGB} (alpha
     * composited on white) and turned upright per the EXIF orientation. Truncated or corrupt data
     * is rejected as {@link ImageRejectedException.Reason#UNREADABLE}. The header is the one
     * {@link #inspect(Path)} read and checked; it is not read again.
     */
    public static BufferedImage decodeWorkingCopy(InspectedImage image, int maxSide) throws ImageRejectedException {
        return WorkingCopyDecoder.decode(image, maxSide);
    }

    /**
     * As {@link #decodeWorkingCopy}, with the upload's alpha channel kept apart (PNG and WebP with
     * alpha): the colours are then the upload's own, not composited, and white where fully transparent.
     */
    public static WorkingCopy decodeWorkingCopyWithAlpha(InspectedImage image, int maxSide) throws ImageRejectedException {
        return WorkingCopyDecoder.decodeWithAlpha(image, maxSide);
    }

    private static void checkPixels(ImageInfo info) {
        if (info.pixels() > MAX_PIXELS) {
            throw new ImageRejectedException(ImageRejectedException.Reason.TOO_MANY_PIXELS,
                    "The image has more than " + MAX_PIXELS / 1_000_000 + " megapixels.");
        }
        if (info.format() == ImageFormat.WEBP && info.pixels() > MAX_WEBP_PIXELS) {
            throw new ImageRejectedException(ImageRejectedException.Reason.TOO_MANY_PIXELS,
                    "WebP images can have at most " + MAX_WEBP_PIXELS / 1_000_000
                            + " megapixels; larger photos can be uploaded as JPEG or PNG.");
        }
    }
}
