package dev.cardgen.asset.image;

/**
 * What the header says about an upload. {@code width} and {@code height} are as displayed,
 * i.e. after the EXIF orientation (1..8, 1 when absent) is applied.
 */
public record ImageInfo(ImageFormat format, int width, int height, int orientation) {

    public ImageInfo {
        if (format == null || width <= 0 || height <= 0 || orientation < 1 || orientation > 8) {
            throw new IllegalArgumentException("invalid image info");
        }
    }

    /** True when the stored raster is transposed relative to the displayed image (5..8). */
    public boolean swapsSides() {
        return orientation >= 5;
    }

    /** Width of the raster as stored in the file, before orientation. */
    public int storedWidth() {
        return swapsSides() ? height : width;
    }

    /** Height of the raster as stored in the file, before orientation. */
    public int storedHeight() {
        return swapsSides() ? width : height;
    }

    public long pixels() {
        return (long) width * height;
    }
}
