package dev.cardgen.testing;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Upload corpus generated in code (no committed binaries), shared by the image unit tests and
 * the HTTP tests. Every method returns the complete file bytes; output is deterministic.
 *
 * <p>Good images carry a marker: the top-left corner block (1/8 of the shorter side) is pure
 * red ({@link #MARK}) on a blue/green gradient, so orientation handling can be checked.
 *
 * <p>Expected outcome with {@code ImageInspector} (inspect, then decodeWorkingCopy):
 * <ul>
 *   <li>{@link #empty()}, {@link #textRenamedJpg()}: 415 {@code unsupported_media_type} at inspect.</li>
 *   <li>{@link #pngHeaderWithGarbage()}: 422 {@code image_unreadable} at inspect.</li>
 *   <li>{@link #pngWithLyingHeader()}: header is fine (1000×1000), 422 {@code image_unreadable} at decode.</li>
 *   <li>{@link #truncatedJpeg()}: header is fine (1600×1200), 422 {@code image_unreadable} at decode.</li>
 *   <li>{@link #truncatedWebp()}, {@link #webpWithMissingPixelData(int, int)}: 422 {@code image_unreadable} at decode.</li>
 *   <li>{@link #onePixelPng()}: 422 {@code image_too_small}.</li>
 *   <li>{@link #bombPng30000()}: 422 {@code image_too_many_pixels} at inspect, in milliseconds.</li>
 *   <li>{@link #largeFile(long)}: meant for the 413 {@code file_too_large} upload limit.</li>
 * </ul>
 */
public final class BadUploads {

    /** Colour of the top-left marker block in generated good images. */
    public static final int MARK = 0xFF0000;

    private BadUploads() {
    }

    // ---- bad ---------------------------------------------------------------------------------

    /** A zero-byte file. */
    public static byte[] empty() {
        return new byte[0];
    }

    /** Plain text, as if someone renamed notes.txt to photo.jpg. */
    public static byte[] textRenamedJpg() {
        return "This is not a photo, just a text file renamed to photo.jpg.\n".repeat(20)
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The 8-byte PNG signature followed by 4 KiB of random bytes (no valid IHDR). */
    public static byte[] pngHeaderWithGarbage() {
        byte[] garbage = new byte[4096];
        new Random(42).nextBytes(garbage);
        byte[] out = Arrays.copyOf(pngSignature(), 8 + garbage.length);
        System.arraycopy(garbage, 0, out, 8, garbage.length);
        return out;
    }

    /** A valid 1600×1200 JPEG cut in half: the header is intact, the scan data and EOI are gone. */
    public static byte[] truncatedJpeg() {
        byte[] full = jpeg(1600, 1200);
        return Arrays.copyOf(full, full.length / 2);
    }

    /**
     * A 40×30 PNG whose IHDR (with a correct CRC) claims 1000×1000: the header passes, the
     * pixel data runs out, 422 {@code image_unreadable} at decode.
     */
    public static byte[] pngWithLyingHeader() {
        byte[] png = png(40, 30);
        // IHDR data starts at 16 (signature 8 + length 4 + type 4); its CRC covers type + data.
        putBe32(png, 16, 1000);
        putBe32(png, 20, 1000);
        CRC32 crc = new CRC32();
        crc.update(png, 12, 17);
        putBe32(png, 29, (int) crc.getValue());
        return png;
    }

    /**
     * A lossless WebP whose headers are consistent but whose pixel data is missing: green uses a
     * two-symbol code (1 bit per pixel) and the stream ends right after the codes. 422
     * {@code image_unreadable} at decode, quickly.
     */
    public static byte[] webpWithMissingPixelData(int width, int height) {
        return riff(vp8lChunk(width, height, true));
    }

    /** {@link #webp(int, int)} with its last 10 bytes cut off (RIFF size larger than the file). */
    public static byte[] truncatedWebp() {
        byte[] full = webp(1000, 800);
        return Arrays.copyOf(full, full.length - 10);
    }

    /** A valid 1×1 PNG. */
    public static byte[] onePixelPng() {
        return png(1, 1);
    }

    /**
     * A decompression bomb: a valid PNG header declaring 30000×30000 8-bit grey (900 Mpx), then a
     * tiny IDAT (a few deflated rows of zeros) and IEND. The file is a few KB.
     */
    public static byte[] bombPng30000() {
        int side = 30000;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(pngSignature());
        byte[] ihdr = new byte[13];
        putBe32(ihdr, 0, side);
        putBe32(ihdr, 4, side);
        ihdr[8] = 8; // bit depth
        ihdr[9] = 0; // greyscale
        writeChunk(out, "IHDR", ihdr);
        byte[] rows = new byte[100 * (side + 1)]; // 100 rows, filter byte 0 + zeros
        Deflater deflater = new Deflater(9);
        deflater.setInput(rows);
        deflater.finish();
        byte[] buf = new byte[64 * 1024];
        int n = deflater.deflate(buf);
        deflater.end();
        writeChunk(out, "IDAT", Arrays.copyOf(buf, n));
        writeChunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    /**
     * {@code bytes} long: a valid 1200×900 JPEG followed by zero padding (trailing data after EOI).
     * For upload size limits; see {@link #largeFileStream(long)} to avoid holding it in memory.
     */
    public static byte[] largeFile(long bytes) {
        if (bytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("use largeFileStream for more than 2 GB");
        }
        byte[] head = jpeg(1200, 900);
        byte[] out = new byte[(int) Math.max(bytes, head.length)];
        System.arraycopy(head, 0, out, 0, head.length);
        return out;
    }

    /** Same content as {@link #largeFile(long)}, streamed: only the small JPEG is held in memory. */
    public static InputStream largeFileStream(long bytes) {
        byte[] head = jpeg(1200, 900);
        long padding = Math.max(0, bytes - head.length);
        InputStream zeros = new InputStream() {
            private long left = padding;

            @Override
            public int read() {
                if (left <= 0) {
                    return -1;
                }
                left--;
                return 0;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                Arrays.fill(b, off, off + n, (byte) 0);
                left -= n;
                return n;
            }
        };
        return new SequenceInputStream(new java.io.ByteArrayInputStream(head), zeros);
    }

    // ---- good --------------------------------------------------------------------------------

    /** A baseline RGB JPEG (quality 0.9) with the red top-left marker. */
    public static byte[] jpeg(int width, int height) {
        return writeJpeg(markedImage(width, height, BufferedImage.TYPE_INT_RGB), 0.9f);
    }

    /** An 8-bit RGB PNG with the red top-left marker. */
    public static byte[] png(int width, int height) {
        return writePng(markedImage(width, height, BufferedImage.TYPE_INT_RGB));
    }

    /** An RGBA PNG: left half fully transparent, right half opaque blue (so white + blue after flattening). */
    public static byte[] transparentPng(int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(0, 0, 255));
        g.fillRect(width / 2, 0, width - width / 2, height);
        g.dispose();
        return writePng(img);
    }

    /** An 8-bit greyscale PNG, every pixel grey level {@code level} (0..255). */
    public static byte[] greyPng(int width, int height, int level) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        WritableRaster raster = img.getRaster();
        int[] row = new int[width];
        Arrays.fill(row, level);
        for (int y = 0; y < height; y++) {
            raster.setPixels(0, y, width, 1, row);
        }
        return writePng(img);
    }

    /** A palette (indexed, 8-bit) PNG with the red top-left marker. */
    public static byte[] palettePng(int width, int height) {
        BufferedImage indexed = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED);
        Graphics2D g = indexed.createGraphics();
        g.drawImage(markedImage(width, height, BufferedImage.TYPE_INT_RGB), 0, 0, null);
        g.dispose();
        return writePng(indexed);
    }

    /** A 16-bit-per-channel RGB PNG (bit depth 16 in IHDR) with the red top-left marker. */
    public static byte[] png16bit(int width, int height) {
        ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_sRGB),
                false, false, Transparency.OPAQUE, DataBuffer.TYPE_USHORT);
        WritableRaster raster = cm.createCompatibleWritableRaster(width, height);
        int mark = markSize(width, height);
        int[] px = new int[3];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (x < mark && y < mark) {
                    px[0] = 0xFFFF;
                    px[1] = 0;
                    px[2] = 0;
                } else {
                    px[0] = 0;
                    px[1] = (int) (0xFFFFL * x / Math.max(1, width - 1));
                    px[2] = (int) (0xFFFFL * y / Math.max(1, height - 1));
                }
                raster.setPixel(x, y, px);
            }
        }
        return writePng(new BufferedImage(cm, raster, false, null));
    }

    /**
     * A 4-channel CMYK JPEG with an Adobe APP14 marker (as Photoshop writes them, inverted
     * values): pure cyan, with a pure black top-left marker block.
     */
    public static byte[] cmykJpeg(int width, int height) {
        WritableRaster raster = Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, width, height, 4, null);
        int mark = markSize(width, height);
        // Adobe CMYK JPEGs store inverted ink: 255 = no ink.
        int[] cyan = {0, 255, 255, 255};
        int[] black = {255, 255, 255, 0};
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                raster.setPixel(x, y, x < mark && y < mark ? black : cyan);
            }
        }
        return withAdobeCmykMarker(writeJpeg(new IIOImage(raster, null, null), 0.9f));
    }

    /** Inserts an Adobe APP14 segment (transform 0 = CMYK, no YCC) after SOI, as Photoshop does. */
    private static byte[] withAdobeCmykMarker(byte[] jpeg) {
        byte[] app14 = {
            (byte) 0xFF, (byte) 0xEE, 0, 14, 'A', 'd', 'o', 'b', 'e',
            0, 100,   // version
            0, 0,     // flags0
            0, 0,     // flags1
            0         // transform: unknown/CMYK
        };
        byte[] out = new byte[jpeg.length + app14.length];
        System.arraycopy(jpeg, 0, out, 0, 2);
        System.arraycopy(app14, 0, out, 2, app14.length);
        System.arraycopy(jpeg, 2, out, 2 + app14.length, jpeg.length - 2);
        return out;
    }

    /**
     * An RGB JPEG tagged with an embedded ICC profile (APP2 ICC_PROFILE) for linear RGB, every
     * sample 50: in sRGB that is about 0x7A7A7A, so a decoder that ignores the profile shows 0x323232.
     */
    public static byte[] jpegWithLinearRgbProfile(int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(50, 50, 50));
        g.fillRect(0, 0, width, height);
        g.dispose();
        byte[] jpeg = writeJpeg(img, 0.95f);
        byte[] icc = java.awt.color.ICC_Profile.getInstance(ColorSpace.CS_LINEAR_RGB).getData();
        int len = 2 + 14 + icc.length;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xE2, (byte) (len >> 8), (byte) len});
        out.writeBytes("ICC_PROFILE\0".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(new byte[] {1, 1}); // chunk 1 of 1
        out.writeBytes(icc);
        out.write(jpeg, 2, jpeg.length - 2);
        return out.toByteArray();
    }

    /**
     * {@link #jpeg(int, int)} (width×height as stored, marker top-left as stored) with an EXIF
     * APP1 segment carrying Orientation {@code orientation} (1..8), inserted after SOI/JFIF APP0.
     * For 5..8 the displayed size is height×width.
     */
    public static byte[] jpegWithOrientation(int width, int height, int orientation) {
        byte[] jpeg = jpeg(width, height);
        byte[] app1 = exifApp1(orientation);
        int at = 2;
        if ((jpeg[2] & 0xFF) == 0xFF && (jpeg[3] & 0xFF) == 0xE0) {
            at = 4 + ((jpeg[4] & 0xFF) << 8 | (jpeg[5] & 0xFF));
        }
        byte[] out = new byte[jpeg.length + app1.length];
        System.arraycopy(jpeg, 0, out, 0, at);
        System.arraycopy(app1, 0, out, at, app1.length);
        System.arraycopy(jpeg, at, out, at + app1.length, jpeg.length - at);
        return out;
    }

    /**
     * A real lossless WebP (hand-built VP8L bitstream): a solid colour (R=0xC0, G=0x80, B=0x40),
     * any size up to 16384×16384, a few dozen bytes. Every prefix code has a single symbol, so
     * pixels take zero bits.
     */
    public static byte[] webp(int width, int height) {
        return riff(vp8lChunk(width, height));
    }

    /** {@link #webp(int, int)} in the extended format (VP8X + VP8L + EXIF chunk with Orientation). */
    public static byte[] webpWithOrientation(int width, int height, int orientation) {
        byte[] vp8x = new byte[10];
        vp8x[0] = 0x08; // EXIF present
        putLe24(vp8x, 4, width - 1);
        putLe24(vp8x, 7, height - 1);
        byte[] app1 = exifApp1(orientation);
        byte[] exif = Arrays.copyOfRange(app1, 10, app1.length); // TIFF data, without marker/length/"Exif\0\0"
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        chunks.writeBytes(riffChunk("VP8X", vp8x));
        chunks.writeBytes(vp8lChunk(width, height));
        chunks.writeBytes(riffChunk("EXIF", exif));
        return riff(chunks.toByteArray());
    }

    /**
     * A photographic-ish RGB JPEG for benchmarks (quality 0.92): smooth gradients, soft shapes
     * and grain. 4000×3000 gives a file of a few MB.
     */
    public static byte[] photoJpeg(int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(214, 196, 170), width, height, new Color(90, 110, 140)));
        g.fillRect(0, 0, width, height);
        Random random = new Random(7);
        for (int i = 0; i < 40; i++) {
            g.setColor(new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), 60));
            int r = width / 20 + random.nextInt(width / 6);
            g.fillOval(random.nextInt(width) - r / 2, random.nextInt(height) - r / 2, r, r);
        }
        g.dispose();
        int[] data = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < data.length; i++) {
            int n = random.nextInt(25) - 12;
            int p = data[i];
            data[i] = clamp((p >> 16 & 0xFF) + n) << 16 | clamp((p >> 8 & 0xFF) + n) << 8 | clamp((p & 0xFF) + n);
        }
        return writeJpeg(img, 0.92f);
    }

    // ---- helpers -----------------------------------------------------------------------------

    private static int markSize(int width, int height) {
        return Math.max(1, Math.min(width, height) / 8);
    }

    private static BufferedImage markedImage(int width, int height, int type) {
        BufferedImage img = new BufferedImage(width, height, type);
        Graphics2D g = img.createGraphics();
        g.setPaint(new GradientPaint(0, 0, new Color(20, 160, 220), width, height, new Color(10, 80, 40)));
        g.fillRect(0, 0, width, height);
        g.setColor(new Color(MARK));
        int mark = markSize(width, height);
        g.fillRect(0, 0, mark, mark);
        g.dispose();
        return img;
    }

    private static byte[] exifApp1(int orientation) {
        byte[] tiff = {
            'M', 'M', 0, 42, 0, 0, 0, 8,      // big-endian TIFF header, IFD0 at 8
            0, 1,                             // one entry
            0x01, 0x12, 0, 3, 0, 0, 0, 1,     // Orientation, SHORT, count 1
            0, (byte) orientation, 0, 0,      // value, padded
            0, 0, 0, 0                        // no next IFD
        };
        int len = 2 + 6 + tiff.length;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xE1, (byte) (len >> 8), (byte) len});
        out.writeBytes(new byte[] {'E', 'x', 'i', 'f', 0, 0});
        out.writeBytes(tiff);
        return out.toByteArray();
    }

    private static byte[] vp8lChunk(int width, int height) {
        return vp8lChunk(width, height, false);
    }

    private static byte[] vp8lChunk(int width, int height, boolean missingPixels) {
        if (width < 1 || height < 1 || width > 16384 || height > 16384) {
            throw new IllegalArgumentException("VP8L sizes are 1..16384");
        }
        BitWriter bits = new BitWriter();
        bits.write(0x2F, 8);         // signature
        bits.write(width - 1, 14);
        bits.write(height - 1, 14);
        bits.write(0, 1);            // alpha_is_used
        bits.write(0, 3);            // version
        bits.write(0, 1);            // no transform
        bits.write(0, 1);            // no colour cache
        bits.write(0, 1);            // no meta prefix codes
        int[] symbols = {0x80, 0xC0, 0x40, 0xFF, 0}; // green, red, blue, alpha, distance
        for (int i = 0; i < symbols.length; i++) {
            boolean two = missingPixels && i == 0;
            bits.write(1, 1);        // simple code
            bits.write(two ? 1 : 0, 1); // one or two symbols
            bits.write(1, 1);        // 8-bit symbol
            bits.write(symbols[i], 8);
            if (two) {
                bits.write(0x20, 8); // second green value: every pixel then costs one bit
            }
        }
        if (missingPixels) {
            return riffChunk("VP8L", bits.toByteArray());
        }
        // Trailing zero bytes: decoders (TwelveMonkeys' LSBBitReader) refill their bit buffer
        // ahead of use, and hitting end-of-stream on every zero-bit pixel is very slow.
        byte[] data = bits.toByteArray();
        return riffChunk("VP8L", Arrays.copyOf(data, data.length + 16));
    }

    private static byte[] riff(byte[] chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("RIFF".getBytes(StandardCharsets.US_ASCII));
        byte[] size = new byte[4];
        putLe32(size, 0, 4 + chunks.length);
        out.writeBytes(size);
        out.writeBytes("WEBP".getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(chunks);
        return out.toByteArray();
    }

    private static byte[] riffChunk(String fourcc, byte[] payload) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(fourcc.getBytes(StandardCharsets.US_ASCII));
        byte[] size = new byte[4];
        putLe32(size, 0, payload.length);
        out.writeBytes(size);
        out.writeBytes(payload);
        if ((payload.length & 1) == 1) {
            out.write(0);
        }
        return out.toByteArray();
    }

    /** LSB-first bit packing, as VP8L uses. */
    private static final class BitWriter {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private long acc;
        private int count;

        void write(int value, int n) {
            acc |= ((long) value & ((1L << n) - 1)) << count;
            count += n;
            while (count >= 8) {
                out.write((int) (acc & 0xFF));
                acc >>>= 8;
                count -= 8;
            }
        }

        byte[] toByteArray() {
            if (count > 0) {
                out.write((int) (acc & 0xFF));
                acc = 0;
                count = 0;
            }
            return out.toByteArray();
        }
    }

    private static ImageWriter jpegWriter() {
        Iterator<ImageWriter> it = ImageIO.getImageWritersByFormatName("jpeg");
        if (!it.hasNext()) {
            throw new IllegalStateException("no JPEG writer");
        }
        return it.next();
    }

    private static byte[] writeJpeg(BufferedImage img, float quality) {
        return writeJpeg(new IIOImage(img, null, null), quality);
    }

    /** Also takes a bare raster (the CMYK one), which ImageIO.write cannot write. */
    private static byte[] writeJpeg(IIOImage image, float quality) {
        ImageWriter writer = jpegWriter();
        try (ByteArrayOutputStream bytes = new ByteArrayOutputStream();
             ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality);
            writer.write(null, image, param);
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
    }

    private static byte[] writePng(BufferedImage img) {
        try (ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
            if (!ImageIO.write(img, "png", bytes)) {
                throw new IllegalStateException("no PNG writer for this image type");
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] pngSignature() {
        return new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    }

    private static void writeChunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] len = new byte[4];
        putBe32(len, 0, data.length);
        out.writeBytes(len);
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        byte[] c = new byte[4];
        putBe32(c, 0, (int) crc.getValue());
        out.writeBytes(c);
    }

    private static int clamp(int v) {
        return v < 0 ? 0 : Math.min(255, v);
    }

    private static void putBe32(byte[] b, int p, int v) {
        b[p] = (byte) (v >>> 24);
        b[p + 1] = (byte) (v >>> 16);
        b[p + 2] = (byte) (v >>> 8);
        b[p + 3] = (byte) v;
    }

    private static void putLe24(byte[] b, int p, int v) {
        b[p] = (byte) v;
        b[p + 1] = (byte) (v >>> 8);
        b[p + 2] = (byte) (v >>> 16);
    }

    private static void putLe32(byte[] b, int p, int v) {
        putLe24(b, p, v);
        b[p + 3] = (byte) (v >>> 24);
    }
}
