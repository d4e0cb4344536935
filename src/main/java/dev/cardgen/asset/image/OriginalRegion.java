package dev.cardgen.asset.image;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;

/**
 * One region of a stored original, decoded at the size a card needs: the reader is given the region
 * (the rest of the image is never held) and a Lanczos filter brings it to the exact size. A plain
 * JPEG (the common camera file) is decoded at full resolution and filtered row by row as it is
 * decoded, so only a few rows are held; other files are subsampled on read by the largest whole
 * factor that still leaves the needed pixels, so what is held is under 4× the output's pixels. Either
 * way bounded by the card's size, not the photo's. Upright and sRGB as the working copy is; alpha
 * apart as the working copy keeps it.
 */
public final class OriginalRegion {

    private OriginalRegion() {
    }

    /**
     * The part {@code displayed} (in the photo's upright pixels; pixel {@code k} spans {@code [k, k+1)})
     * of {@code image} at exactly {@code width × height}: colours and, when the file has an alpha
     * channel and {@code keepAlpha}, its alpha apart (colours white where fully transparent); without
     * {@code keepAlpha} alpha is composited onto white, as {@link ImageInspector#decodeWorkingCopy} does.
     */
    public static WorkingCopy decode(InspectedImage image, Rectangle2D displayed, int width, int height, boolean keepAlpha) {
        ImageHeaderReader.Header header = image.header();
        int o = header.orientation();
        boolean swap = o >= 5 && o <= 8;
        Rectangle2D stored = toStored(displayed, o, header.storedWidth(), header.storedHeight());
        int sw = swap ? height : width;
        int sh = swap ? width : height;
        BufferedImage sized = header.format() == ImageFormat.JPEG && header.plainJpeg() && !keepAlpha
                ? streamed(image, header, stored, sw, sh) : null;
        boolean alpha = false;
        if (sized == null) {
            // the largest whole subsampling that keeps at least the output's pixels on both axes
            int sub = (int) Math.max(1, Math.floor(Math.min(stored.getWidth() / sw, stored.getHeight() / sh)));
            Rectangle region = readRegion(stored, sub, header.storedWidth(), header.storedHeight());
            BufferedImage raw = read(image, header, region, sub, null);
            alpha = keepAlpha && raw.getColorModel().hasAlpha();
            // stored pixel region.x + k·sub is decoded pixel k: the continuous rectangle in decoded pixels
            double x0 = (stored.getMinX() - region.x - 0.5) / sub + 0.5, x1 = (stored.getMaxX() - region.x - 0.5) / sub + 0.5;
            double y0 = (stored.getMinY() - region.y - 0.5) / sub + 0.5, y1 = (stored.getMaxY() - region.y - 0.5) / sub + 0.5;
            sized = Resampler.resample(raw, x0, y0, x1, y1, sw, sh, alpha);
        }
        BufferedImage upright = Orientation.apply(sized, o);
        return alpha ? WorkingCopy.split(upright) : new WorkingCopy(upright, null);
    }

    /**
     * A plain JPEG's region at full resolution, each decoded row filtered as it comes and then
     * forgotten: no subsampling (whose dropped pixels would alias fine print), and the memory of a
     * few rows. Null when the reader's pixel layout is not one {@link RowSink} knows.
     */
    private static BufferedImage streamed(InspectedImage image, ImageHeaderReader.Header header, Rectangle2D stored, int sw, int sh) {
        Rectangle region = readRegion(stored, 1, header.storedWidth(), header.storedHeight());
        Resampler resampler = new Resampler(region.width, region.height, stored.getMinX() - region.x, stored.getMinY() - region.y,
                stored.getMaxX() - region.x, stored.getMaxY() - region.y, sw, sh, false);
        BufferedImage done = read(image, header, region, 1, resampler);
        return done == null ? null : resampler.result();
    }

    /** The stored (not yet turned) rectangle under an upright one, for EXIF orientation {@code o}. */
    static Rectangle2D toStored(Rectangle2D d, int o, int sw, int sh) {
        double x0 = d.getMinX(), x1 = d.getMaxX(), y0 = d.getMinY(), y1 = d.getMaxY();
        return switch (o) {
            case 2 -> box(sw - x1, y0, sw - x0, y1);
            case 3 -> box(sw - x1, sh - y1, sw - x0, sh - y0);
            case 4 -> box(x0, sh - y1, x1, sh - y0);
            case 5 -> box(y0, x0, y1, x1);
            case 6 -> box(y0, sh - x1, y1, sh - x0);
            case 7 -> box(sw - y1, sh - x1, sw - y0, sh - x0);
            case 8 -> box(sw - y1, x0, sw - y0, x1);
            default -> box(x0, y0, x1, y1);
        };
    }

    private static Rectangle2D box(double x0, double y0, double x1, double y1) {
        return new Rectangle2D.Double(x0, y0, x1 - x0, y1 - y0);
    }

    /** Whole stored pixels round {@code stored}, grown by the filter's reach at that subsampling, clipped to the image. */
    private static Rectangle readRegion(Rectangle2D stored, int sub, int w, int h) {
        int pad = 7 * sub; // Lanczos-3 reaches 3 output pixels, under 6 decoded ones
        int x0 = Math.max(0, (int) Math.floor(stored.getMinX()) - pad), y0 = Math.max(0, (int) Math.floor(stored.getMinY()) - pad);
        int x1 = Math.min(w, (int) Math.ceil(stored.getMaxX()) + pad), y1 = Math.min(h, (int) Math.ceil(stored.getMaxY()) + pad);
        return new Rectangle(x0, y0, Math.max(1, x1 - x0), Math.max(1, y1 - y0));
    }

    /** The region, subsampled; or, with {@code rows}, pushed to it row by row (null when that cannot be done). */
    private static BufferedImage read(InspectedImage image, ImageHeaderReader.Header header, Rectangle region, int sub,
                                      Resampler rows) {
        ImageReader reader = WorkingCopyDecoder.readerFor(header.format(), header.plainJpeg());
        try (ImageInputStream in = WorkingCopyDecoder.open(image.file(), header.format())) {
            reader.setInput(in, true, true);
            ImageReadParam param = reader.getDefaultReadParam();
            param.setSourceRegion(region);
            param.setSourceSubsampling(sub, sub, 0, 0);
            if (rows == null) {
                return reader.read(0, param);
            }
            BufferedImage sink = RowSink.destination(reader.getImageTypes(0).next(), region.width, region.height, rows::push);
            if (sink == null) {
                return null;
            }
            param.setDestination(sink);
            reader.read(0, param);
            RowSink.of(sink).flush();
            return sink;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            reader.dispose();
        }
    }
}
