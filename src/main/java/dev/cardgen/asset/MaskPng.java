package dev.cardgen.asset;

import dev.cardgen.api.ApiException;

import java.awt.Dimension;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Locale;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;

/**
 * A mask a seller sends (PUT …/cutout): a PNG at the photo's size or the working copy's, whose alpha
 * channel is the mask or, without one, whose grey is. Read into an 8-bit grey mask of the working
 * copy's size. The header's size is checked before any pixel is decoded, and a photo-sized mask is
 * subsampled as it is read, so a large PNG never costs more than its working-copy-sized result.
 */
final class MaskPng {

    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    static final String PARAM = "mask";

    private MaskPng() {
    }

    static BufferedImage read(byte[] png, int photoWidth, int photoHeight, int workingWidth, int workingHeight) {
        if (png == null || png.length < SIGNATURE.length || !Arrays.equals(Arrays.copyOf(png, SIGNATURE.length), SIGNATURE)) {
            throw ApiException.invalidParam(PARAM, "The mask must be a PNG file (Content-Type: image/png).");
        }
        ImageReader reader = pngReader();
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(png))) {
            reader.setInput(in, true, true);
            int w = reader.getWidth(0);
            int h = reader.getHeight(0);
            boolean working = w == workingWidth && h == workingHeight;
            if (!working && (w != photoWidth || h != photoHeight)) {
                throw ApiException.unprocessable("mask_size_mismatch", String.format(Locale.ROOT,
                        "The mask is %d×%d pixels; it must be the photo's size (%d×%d) or the working copy's (%d×%d).",
                        w, h, photoWidth, photoHeight, workingWidth, workingHeight), PARAM);
            }
            ImageTypeSpecifier type = reader.getRawImageType(0);
            Channel channel = channel(type == null ? null : type.getColorModel());
            ImageReadParam param = reader.getDefaultReadParam();
            int sub = working ? 1 : Math.max(1, Math.min(w / workingWidth, h / workingHeight));
            param.setSourceSubsampling(sub, sub, 0, 0);
            BufferedImage read = reader.read(0, param);
            BufferedImage mask = extract(read, channel);
            return working ? mask : resize(mask, workingWidth, workingHeight);
        } catch (IOException | RuntimeException e) {
            if (e instanceof ApiException api) {
                throw api;
            }
            throw ApiException.invalidParam(PARAM, "The mask could not be read as a PNG: the file is corrupt or cut short.");
        } finally {
            reader.dispose();
        }
    }

    /** The size in a stored PNG's header, read without decoding a pixel. */
    static Dimension size(byte[] png) {
        ImageReader reader = pngReader();
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(png))) {
            reader.setInput(in, true, true);
            return new Dimension(reader.getWidth(0), reader.getHeight(0));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            reader.dispose();
        }
    }

    private enum Channel { ALPHA, GREY }

    private static Channel channel(ColorModel cm) {
        if (cm == null) {
            throw ApiException.invalidParam(PARAM, "The mask could not be read as a PNG.");
        }
        if (cm.hasAlpha()) {
            return Channel.ALPHA;
        }
        if (cm.getNumColorComponents() == 1 || (cm instanceof IndexColorModel icm && isGrey(icm))) {
            return Channel.GREY;
        }
        throw ApiException.unprocessable("mask_invalid",
                "A colour PNG without an alpha channel is not a mask: send an 8-bit greyscale PNG, or a PNG whose alpha is the mask.", PARAM);
    }

    private static boolean isGrey(IndexColorModel cm) {
        for (int i = 0; i < cm.getMapSize(); i++) {
            if (cm.getRed(i) != cm.getGreen(i) || cm.getGreen(i) != cm.getBlue(i)) {
                return false;
            }
        }
        return true;
    }

    /** The mask channel as 8-bit grey, from any bit depth, palette or band layout. */
    private static BufferedImage extract(BufferedImage img, Channel channel) {
        int w = img.getWidth();
        int h = img.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        byte[] o = ((DataBufferByte) out.getRaster().getDataBuffer()).getData();
        Raster r = img.getRaster();
        ColorModel cm = img.getColorModel();
        if (cm instanceof IndexColorModel icm) {
            int[] row = new int[w];
            for (int y = 0; y < h; y++) {
                r.getSamples(0, y, w, 1, 0, row);
                for (int x = 0; x < w; x++) {
                    o[y * w + x] = (byte) (channel == Channel.ALPHA ? icm.getAlpha(row[x]) : icm.getRed(row[x]));
                }
            }
            return out;
        }
        int band = channel == Channel.ALPHA ? r.getNumBands() - 1 : 0;
        int max = (1 << r.getSampleModel().getSampleSize(band)) - 1;
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            r.getSamples(0, y, w, 1, band, row);
            for (int x = 0; x < w; x++) {
                o[y * w + x] = (byte) ((row[x] * 255 + max / 2) / max);
            }
        }
        return out;
    }

    private static BufferedImage resize(BufferedImage mask, int w, int h) {
        if (mask.getWidth() == w && mask.getHeight() == h) {
            return mask;
        }
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = out.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.drawImage(mask, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        return out;
    }

    private static ImageReader pngReader() {
        Iterator<ImageReader> it = ImageIO.getImageReadersByFormatName("png");
        if (!it.hasNext()) {
            throw new IllegalStateException("No ImageIO reader for png");
        }
        return it.next();
    }
}
