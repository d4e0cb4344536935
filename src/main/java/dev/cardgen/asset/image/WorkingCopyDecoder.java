package dev.cardgen.asset.image;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.event.IIOReadWarningListener;
import javax.imageio.stream.FileImageInputStream;
import javax.imageio.stream.ImageInputStream;

/** Decodes a subsampled sRGB working copy; the full-resolution raster of a big image is never held. */
final class WorkingCopyDecoder {

    static {
        // TwelveMonkeys registers through META-INF/services; rescan in case ImageIO was
        // initialised under a class loader that did not see it (e.g. Quarkus dev mode).
        ImageIO.scanForPlugins();
    }

    /** Bit readers prefetch a few bytes; reading further past the end means the data is cut short. */
    private static final long READ_AHEAD_SLACK = 16;

    private WorkingCopyDecoder() {
    }

    static BufferedImage decode(InspectedImage image, int maxSide) {
        return decodeWithAlpha(image, maxSide).flattened();
    }

    /**
     * As {@link #decode}, keeping an alpha channel apart: then the colours are the upload's own
     * (un-premultiplied, white where fully transparent), scaled premultiplied so no hidden colour of a
     * transparent pixel bleeds into the edge, and the alpha is scaled and turned with them.
     */
    static WorkingCopy decodeWithAlpha(InspectedImage image, int maxSide) {
        if (maxSide < 1) {
            throw new IllegalArgumentException("maxSide must be positive");
        }
        Path file = image.file();
        ImageHeaderReader.Header header = image.header();
        if (header.format() == ImageFormat.JPEG && !hasEndOfImage(file, header.scanOffset())) {
            throw ImageRejectedException.unreadable("The JPEG image is truncated.");
        }
        if (header.format() == ImageFormat.WEBP && header.declaredLength() > fileSize(file)) {
            throw ImageRejectedException.unreadable("The WebP image is truncated.");
        }
        if (header.format() == ImageFormat.WEBP && !hasWebpImageData(file)) {
            // A VP8X header alone declares a size, and the decoder then returns a blank canvas of it.
            throw ImageRejectedException.unreadable("The WebP image has no image data.");
        }
        BufferedImage raw = read(file, header, maxSide);
        if (!raw.getColorModel().hasAlpha()) {
            BufferedImage rgb = toOpaqueRgb(raw);
            BufferedImage scaled = Downscaler.fitWithin(rgb, maxSide);
            return new WorkingCopy(Orientation.apply(scaled, header.orientation()), null);
        }
        BufferedImage premultiplied = convert(raw, BufferedImage.TYPE_INT_ARGB_PRE, null);
        BufferedImage scaled = Downscaler.fitWithin(premultiplied, maxSide);
        return WorkingCopy.split(Orientation.apply(scaled, header.orientation()));
    }

    private static BufferedImage read(Path file, ImageHeaderReader.Header header, int maxSide) {
        ImageReader reader = readerFor(header.format(), header.plainJpeg());
        List<String> warnings = new ArrayList<>();
        try (ImageInputStream in = open(file, header.format())) {
            reader.setInput(in, true, true);
            reader.addIIOReadWarningListener(new IIOReadWarningListener() {
                @Override
                public void warningOccurred(ImageReader source, String warning) {
                    warnings.add(warning);
                }
            });
            int w = reader.getWidth(0);
            int h = reader.getHeight(0);
            if (w != header.storedWidth() || h != header.storedHeight()) {
                throw ImageRejectedException.unreadable("The image header is inconsistent.");
            }
            // Subsample on read to at least maxSide, then let the downscaler finish smoothly.
            int sub = Math.max(1, Math.max(w, h) / maxSide);
            ImageReadParam param = reader.getDefaultReadParam();
            param.setSourceSubsampling(sub, sub, 0, 0);
            BufferedImage img = reader.read(0, param);
            if (in instanceof PaddedImageInputStream padded && padded.bytesReadPastEnd() > READ_AHEAD_SLACK) {
                throw ImageRejectedException.unreadable("The image data is truncated.");
            }
            for (String warning : warnings) {
                if (isTruncation(warning)) {
                    throw ImageRejectedException.unreadable("The image data is truncated or corrupt.");
                }
            }
            return img;
        } catch (ImageRejectedException e) {
            throw e;
        } catch (PaddedImageInputStream.PastEndException e) {
            throw ImageRejectedException.unreadable("The image data is truncated.", e);
        } catch (IOException | RuntimeException e) {
            // Decoders signal corrupt data with all sorts of runtime exceptions, not just IIOException.
            throw ImageRejectedException.unreadable("The image data is corrupt and could not be decoded.", e);
        } finally {
            reader.dispose();
        }
    }

    static ImageInputStream open(Path file, ImageFormat format) throws IOException {
        FileImageInputStream in = new FileImageInputStream(file.toFile());
        if (format != ImageFormat.WEBP) {
            return in; // the JDK PNG/JPEG decoders handle EOF themselves
        }
        return new PaddedImageInputStream(in, in.length());
    }

    private static boolean isTruncation(String warning) {
        String w = warning == null ? "" : warning.toLowerCase(Locale.ROOT);
        // Only truncation: libjpeg's "Corrupt JPEG data: N extraneous bytes before marker" is
        // common in camera files and harmless, so warnings in general must not reject.
        return w.contains("premature end") || w.contains("truncat");
    }

    static ImageReader readerFor(ImageFormat format, boolean plainJpeg) {
        String name = switch (format) {
            case JPEG -> "jpeg";
            case PNG -> "png";
            case WEBP -> "webp";
        };
        ImageReader fallback = null;
        for (Iterator<ImageReader> it = ImageIO.getImageReadersByFormatName(name); it.hasNext(); ) {
            ImageReader r = it.next();
            // The JDK's JPEG reader cannot do CMYK/YCCK or ICC conversion; TwelveMonkeys' can. For a
            // plain JPEG the JDK's is about 40% faster (bench/RESULTS.md), so it is the one used then.
            boolean twelveMonkeys = r.getClass().getName().startsWith("com.twelvemonkeys.");
            if (format != ImageFormat.JPEG || twelveMonkeys != plainJpeg) {
                return r;
            }
            if (fallback == null) {
                fallback = r;
            }
        }
        if (fallback == null) {
            throw new IllegalStateException("No ImageIO reader for " + name);
        }
        return fallback;
    }

    /** Flattens any colour model (CMYK-converted, 16-bit, grey, palette, alpha) onto white sRGB. */
    static BufferedImage toOpaqueRgb(BufferedImage src) {
        if (src.getType() == BufferedImage.TYPE_INT_RGB) {
            return src;
        }
        return convert(src, BufferedImage.TYPE_INT_RGB, Color.WHITE);
    }

    /** {@code src} drawn onto a new image of {@code type}, over {@code background} (null: transparent). */
    private static BufferedImage convert(BufferedImage src, int type, Color background) {
        BufferedImage dst = new BufferedImage(src.getWidth(), src.getHeight(), type);
        Graphics2D g = dst.createGraphics();
        try {
            if (background != null) {
                g.setColor(background);
                g.fillRect(0, 0, dst.getWidth(), dst.getHeight());
            }
            g.drawImage(src, 0, 0, null);
        } finally {
            g.dispose();
        }
        return dst;
    }

    private static long fileSize(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw ImageRejectedException.unreadable("The image could not be read.", e);
        }
    }

    /** True when a RIFF chunk after the header is a non-empty VP8 or VP8L bitstream. */
    private static boolean hasWebpImageData(Path file) {
        try (InputStream raw = Files.newInputStream(file);
             java.io.DataInputStream in = new java.io.DataInputStream(new java.io.BufferedInputStream(raw))) {
            in.skipNBytes(12);
            byte[] head = new byte[8];
            while (in.readNBytes(head, 0, 8) == 8) {
                String fourcc = new String(head, 0, 4, java.nio.charset.StandardCharsets.US_ASCII);
                long size = (head[4] & 0xFFL) | (head[5] & 0xFFL) << 8 | (head[6] & 0xFFL) << 16 | (head[7] & 0xFFL) << 24;
                if ((fourcc.equals("VP8 ") || fourcc.equals("VP8L")) && size > 0) {
                    return true;
                }
                long skip = size + (size & 1);
                try {
                    in.skipNBytes(skip);
                } catch (java.io.EOFException e) {
                    return false;
                }
            }
            return false;
        } catch (IOException e) {
            throw ImageRejectedException.unreadable("The image could not be read.", e);
        }
    }

    /** True when an EOI marker follows the first scan: entropy data never contains FF D9. */
    private static boolean hasEndOfImage(Path file, long scanOffset) {
        try (InputStream in = Files.newInputStream(file)) {
            in.skipNBytes(scanOffset);
            byte[] buf = new byte[1 << 16];
            int prev = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    int b = buf[i] & 0xFF;
                    if (prev == 0xFF && b == 0xD9) {
                        return true;
                    }
                    prev = b;
                }
            }
            return false;
        } catch (IOException e) {
            throw ImageRejectedException.unreadable("The image could not be read.", e);
        }
    }
}
