package dev.cardgen.render;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.io.ByteArrayOutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.zip.Adler32;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * An opaque card ({@code TYPE_INT_RGB}) as a PNG whose zlib stream is deflated in independent
 * segments of {@link #SEGMENT_ROWS_BYTES} raw bytes, each primed with the 32 KB before it (so little
 * is lost at the joins), on all cores at once: on an idle 2-core instance one export's encode takes
 * half the wall time of a single-threaded deflate, for the same CPU. The segments are cut by size,
 * never by the number of threads, so the bytes are the same on any machine and any run.
 * 8-bit RGB, filter Up on every row, deflate level {@value #LEVEL}; the same chunks as
 * {@link ImageEncoder#png}: sRGB (perceptual) with its gAMA and cHRM fallbacks.
 * <p>
 * Filter Up at level 3 takes about half the CPU of filter None at level 6 (the general encoder's),
 * and on cards of photographed products the files are as small or smaller; on flat drawn products
 * they are about a third larger.
 */
final class SegmentedPng {

    static final int LEVEL = 3;
    /** Raw bytes per segment, about: 1200×1600 is 22 segments, 2400×3200 88; each join costs a few bytes. */
    static final int SEGMENT_ROWS_BYTES = 256 * 1024;
    private static final int WINDOW = 32 * 1024;
    private static final VarHandle BIG_ENDIAN_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    /** sRGB's gAMA (1/2.2 as 45455) and cHRM (its white point and primaries), as PNG 1.2 recommends beside an sRGB chunk. */
    private static final byte[] GAMA = {0, 0, (byte) 0xb1, (byte) 0x8f};
    private static final int[] CHRM = {31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000};

    private SegmentedPng() {
    }

    /** Whether {@link #encode} takes this image (an opaque card as the renderer makes it); others go to the general encoder. */
    static boolean accepts(BufferedImage img) {
        return img.getType() == BufferedImage.TYPE_INT_RGB && img.getSampleModel() instanceof SinglePixelPackedSampleModel
                && img.getRaster().getSampleModelTranslateX() == 0 && img.getRaster().getSampleModelTranslateY() == 0;
    }

    /** On all cores ({@link Cores}); with one core, on the caller (the same bytes, without the hand-offs). */
    static byte[] encode(BufferedImage img) {
        return encode(img, Cores.COUNT == 1 ? Runnable::run : Cores.pool());
    }

    /** The PNG of {@code img} (see {@link #accepts}); the bytes do not depend on {@code executor}. */
    static byte[] encode(BufferedImage img, Executor executor) {
        return encode(img, SEGMENT_ROWS_BYTES, executor);
    }

    /** As {@link #encode(BufferedImage, Executor)} with segments of about {@code segmentBytes} raw bytes. */
    static byte[] encode(BufferedImage img, int segmentBytes, Executor executor) {
        int w = img.getWidth(), h = img.getHeight();
        int stride = ((SinglePixelPackedSampleModel) img.getSampleModel()).getScanlineStride();
        int[] pixels = ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
        int rowBytes = 1 + 3 * w;
        int rowsPerSegment = Math.max(1, segmentBytes / rowBytes);
        List<CompletableFuture<Segment>> parts = new ArrayList<>();
        for (int y0 = 0; y0 < h; y0 += rowsPerSegment) {
            int from = y0, to = Math.min(h, y0 + rowsPerSegment);
            boolean last = to == h;
            parts.add(CompletableFuture.supplyAsync(() -> deflate(pixels, stride, w, from, to, last), executor));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(w * h / 2 + 1024);
        out.writeBytes(SIGNATURE);
        chunk(out, "IHDR", ByteBuffer.allocate(13).putInt(w).putInt(h).put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0)
                .put((byte) 0).array());
        chunk(out, "sRGB", new byte[]{0});
        chunk(out, "gAMA", GAMA);
        ByteBuffer chrm = ByteBuffer.allocate(32);
        for (int v : CHRM) {
            chrm.putInt(v);
        }
        chunk(out, "cHRM", chrm.array());
        long adler = 1;
        boolean first = true;
        for (CompletableFuture<Segment> part : parts) {
            Segment s = part.join();
            byte[] data = s.deflated();
            if (first) {
                // zlib header: deflate, 32 KB window, a fast level, no preset dictionary (FCHECK makes it a multiple of 31)
                byte[] withHeader = new byte[data.length + 2];
                withHeader[0] = 0x78;
                withHeader[1] = (byte) 0x5e;
                System.arraycopy(data, 0, withHeader, 2, data.length);
                data = withHeader;
                first = false;
            }
            adler = adler32Combine(adler, s.adler(), s.rawLength());
            if (s.last()) {
                byte[] withTrailer = new byte[data.length + 4];
                System.arraycopy(data, 0, withTrailer, 0, data.length);
                ByteBuffer.wrap(withTrailer, data.length, 4).putInt((int) adler);
                data = withTrailer;
            }
            chunk(out, "IDAT", data);
        }
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private record Segment(byte[] deflated, long adler, long rawLength, boolean last) {
    }

    /** Rows {@code from..to} as raw deflate, primed with the window of rows before them; flushed to a byte boundary unless last. */
    private static Segment deflate(int[] pixels, int stride, int w, int from, int to, boolean last) {
        int rowBytes = 1 + 3 * w;
        int windowRows = from == 0 ? 0 : Math.min(from, (WINDOW + rowBytes - 1) / rowBytes);
        byte[] raw = new byte[(to - from + windowRows) * rowBytes];
        int[] filtered = new int[w];
        int p = 0;
        for (int y = from - windowRows; y < to; y++) {
            raw[p++] = 2; // filter Up: each byte less the one above it (above the first row, zeros)
            int o = y * stride, above = o - stride;
            if (y == 0) {
                System.arraycopy(pixels, o, filtered, 0, w);
            } else {
                differences(pixels, o, above, filtered, w);
            }
            // a pixel's three bytes as one store of four, the fourth overwritten by the next pixel; the row's last by bytes
            for (int x = 0; x < w - 1; x++) {
                BIG_ENDIAN_INT.set(raw, p, filtered[x] << 8);
                p += 3;
            }
            int d = filtered[w - 1];
            raw[p] = (byte) (d >> 16);
            raw[p + 1] = (byte) (d >> 8);
            raw[p + 2] = (byte) d;
            p += 3;
        }
        int start = windowRows * rowBytes, length = raw.length - start;
        Deflater deflater = new Deflater(LEVEL, true);
        try {
            if (start > 0) {
                int dict = Math.min(WINDOW, start);
                deflater.setDictionary(raw, start - dict, dict);
            }
            deflater.setInput(raw, start, length);
            if (last) {
                deflater.finish();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream(length / 4 + 64);
            byte[] buf = new byte[64 * 1024];
            while (true) {
                int n = deflater.deflate(buf, 0, buf.length, last ? Deflater.NO_FLUSH : Deflater.SYNC_FLUSH);
                out.write(buf, 0, n);
                if (last ? deflater.finished() : n < buf.length && deflater.needsInput()) {
                    break;
                }
            }
            Adler32 adler = new Adler32();
            adler.update(raw, start, length);
            return new Segment(out.toByteArray(), adler.getValue(), length, last);
        } finally {
            deflater.end();
        }
    }

    /**
     * Each pixel of the row at {@code o} less the one at {@code above}, byte by byte modulo 256 (no borrow from one
     * byte into the next), into {@code d}: the same bytes as three subtractions per pixel, with one subtraction and
     * four bitwise operations per pixel.
     */
    private static void differences(int[] pixels, int o, int above, int[] d, int w) {
        for (int x = 0; x < w; x++) {
            int a = pixels[o + x], b = pixels[above + x];
            d[x] = ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
        }
    }

    /** zlib's adler32_combine: the Adler-32 of A followed by B from those of A and B and B's length. */
    static long adler32Combine(long adler1, long adler2, long len2) {
        final long base = 65521;
        long rem = len2 % base;
        long sum1 = adler1 & 0xffff;
        long sum2 = (rem * sum1) % base;
        sum1 += (adler2 & 0xffff) + base - 1;
        sum2 += ((adler1 >> 16) & 0xffff) + ((adler2 >> 16) & 0xffff) + base - rem;
        if (sum1 >= base) sum1 -= base;
        if (sum1 >= base) sum1 -= base;
        if (sum2 >= base << 1) sum2 -= base << 1;
        if (sum2 >= base) sum2 -= base;
        return sum1 | (sum2 << 16);
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] t = type.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(t);
        out.writeBytes(data);
        CRC32 crc = new CRC32();
        crc.update(t);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }
}
