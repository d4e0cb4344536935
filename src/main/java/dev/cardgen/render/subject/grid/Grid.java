package dev.cardgen.render.subject.grid;

import dev.cardgen.render.subject.mask.Mask;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;

/**
 * The grid a photo, or a crop of it, is segmented on, shared by every step: {@code f} x {@code f}
 * blocks of its pixels averaged, in Lab (D65), 3x3-blurred against sensor noise and JPEG.
 */
public final class Grid {

    /** The photo's (or crop's) own size and pixels, packed 0xRRGGBB; {@code image} is null for a crop. */
    public final int width, height;
    public final int[] rgb;
    public final BufferedImage image;
    /** Photo pixels per grid cell along a side, and the grid's size. */
    public final int f, sw, sh;
    /** The grid's pixels, packed 0xRRGGBB. */
    public final int[] small;
    /** The grid in Lab, blurred; lightness also before the blur (fine detail is what the blur removes). */
    public final float[][] lab;
    public final float[] lightness;

    private Grid(BufferedImage image, int[] rgb, int width, int height, int f) {
        this.image = image;
        this.rgb = rgb;
        this.width = width;
        this.height = height;
        this.f = f;
        this.sw = Math.max(1, width / f);
        this.sh = Math.max(1, height / f);
        this.small = Colour.downsample(rgb, width, height, f, sw, sh);
        this.lab = Colour.toLab(small);
        this.lightness = lab[0].clone();
        Colour.blur3(lab, sw, sh);
    }

    /** The grid over {@code rgb} ({@code width} x {@code height}) with at most {@code side} cells a side; null under 8. */
    public static Grid of(BufferedImage image, int[] rgb, int width, int height, int side) {
        int f = Math.max(1, (Math.max(width, height) + side - 1) / side);
        if (width / f < 8 || height / f < 8) {
            return null;
        }
        return new Grid(image, rgb, width, height, f);
    }

    /** The grid over a whole photo. */
    public static Grid of(BufferedImage photo, int side) {
        return of(photo, pixels(photo), photo.getWidth(), photo.getHeight(), side);
    }

    public int cells() {
        return sw * sh;
    }

    public Mask mask(boolean[] bits) {
        return new Mask(sw, sh, bits);
    }

    /** Packed 0xRRGGBB pixels, read straight from an int raster when the layout allows. */
    public static int[] pixels(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        int type = img.getType();
        if ((type == BufferedImage.TYPE_INT_RGB || type == BufferedImage.TYPE_INT_ARGB)
                && img.getRaster().getDataBuffer() instanceof DataBufferInt db
                && img.getRaster().getSampleModel() instanceof SinglePixelPackedSampleModel sm
                && sm.getScanlineStride() == w && db.getOffset() == 0
                && img.getRaster().getSampleModelTranslateX() == 0
                && img.getRaster().getSampleModelTranslateY() == 0
                && db.getData().length == w * h) {
            return db.getData();
        }
        return img.getRGB(0, 0, w, h, null, 0, w);
    }
}
