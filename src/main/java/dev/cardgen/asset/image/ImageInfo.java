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

    public long pixels() {
        return (long) width * height;
    }
}
