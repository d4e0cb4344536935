package dev.cardgen.asset.image;

import dev.cardgen.render.Cores;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;

/**
 * Resizes a rectangle of an image (sub-pixel edges) to an exact size with a separable Lanczos-3
 * filter, widened by the reduction when it shrinks (no aliasing of fine print), premultiplied when
 * there is alpha. Streams: a few filtered rows are held at a time, never a second copy of the
 * source; rows can be pushed as a decoder makes them. Reads 8-bit BGR and packed-int rasters
 * directly; anything else is converted first.
 */
final class Resampler {

    private static final int LOBES = 3;
    /** Source rows filtered at once, split across cores (more only adds rows held; fewer, hand-overs). */
    private static final int BATCH = 32;

    private final Taps hx;
    private final Taps vy;
    private final int tw;
    private final int th;
    private final int ch;
    private final boolean alpha;
    private final BufferedImage out;
    private final int[] dst;
    private final float[][] filtered;
    /**
     * Needed source rows not yet filtered, and their numbers: filtered a batch at a time, on every core,
     * while the next batch is filled (two sets of rows, used in turn).
     */
    private final int[][][] batches = new int[2][BATCH][];
    private final int[][] batchYs = new int[2][BATCH];
    private final java.util.ArrayDeque<float[]> spare = new java.util.ArrayDeque<>();
    /** The batch being filtered on the pool (its set is the one not being filled), or null. */
    private java.util.concurrent.CompletableFuture<Void> filtering;
    private int filling;
    private int batched;
    private int pushed;
    private int next;
    private int dropped;

    /**
     * A resize of {@code [x0, x1) × [y0, y1)} of a {@code width × height} source to {@code tw × th},
     * fed the source's rows in order by {@link #push}: only the rows the filter still needs are held.
     */
    Resampler(int width, int height, double x0, double y0, double x1, double y1, int tw, int th, boolean alpha) {
        this.hx = Taps.of(x0, x1, tw, width);
        this.vy = Taps.of(y0, y1, th, height);
        this.tw = tw;
        this.th = th;
        this.alpha = alpha;
        this.ch = alpha ? 4 : 3;
        this.out = new BufferedImage(tw, th, alpha ? BufferedImage.TYPE_INT_ARGB_PRE : BufferedImage.TYPE_INT_RGB);
        this.dst = ((DataBufferInt) out.getRaster().getDataBuffer()).getData();
        this.filtered = new float[height][];
    }

    /**
     * The part {@code [x0, x1) × [y0, y1)} of {@code src} (pixel {@code k} spans {@code [k, k+1)}) at
     * {@code tw × th}: {@code TYPE_INT_ARGB_PRE} when {@code alpha}, else {@code TYPE_INT_RGB}.
     */
    static BufferedImage resample(BufferedImage src, double x0, double y0, double x1, double y1, int tw, int th, boolean alpha) {
        Rows rows = Rows.of(src, alpha);
        Resampler r = new Resampler(src.getWidth(), src.getHeight(), x0, y0, x1, y1, tw, th, alpha);
        int[] line = new int[src.getWidth()];
        for (int y = 0; y < src.getHeight() && !r.done(); y++) {
            rows.read(y, line);
            r.push(line);
        }
        return r.result();
    }

    /** The next source row, packed ARGB (premultiplied, or opaque); the caller may reuse {@code row} once this returns. */
    void push(int[] row) {
        int y = pushed++;
        if (done()) {
            return;
        }
        if (y >= vy.first[next]) {
            int[][] batch = batches[filling];
            int[] copy = batch[batched];
            if (copy == null || copy.length != row.length) {
                copy = batch[batched] = new int[row.length];
            }
            System.arraycopy(row, 0, copy, 0, row.length);
            batchYs[filling][batched++] = y;
        }
        if (batched == BATCH || y == filtered.length - 1) {
            flush();
        }
    }

    /**
     * Hands the batch to the pool: its rows filtered across the rows, then every output row they
     * complete, split across the output rows (each row's arithmetic is the same whichever thread does
     * it). Returns once the batch before it is done, so the caller decodes the next batch meanwhile.
     */
    private void flush() {
        awaitFiltering();
        int n = batched;
        batched = 0;
        int[][] batch = batches[filling];
        int[] batchY = batchYs[filling];
        filling ^= 1;
        // rows no output row from here on reaches: their arrays serve this batch
        int keepFrom = next < th ? vy.first[next] : filtered.length;
        for (; dropped < keepFrom; dropped++) {
            if (filtered[dropped] != null) {
                spare.push(filtered[dropped]);
                filtered[dropped] = null;
            }
        }
        for (int i = 0; i < n; i++) {
            float[] f = spare.poll();
            filtered[batchY[i]] = f != null ? f : new float[tw * ch];
        }
        int last = pushed - 1, start = next;
        while (next < th && vy.first[next] + vy.count[next] - 1 <= last) {
            next++;
        }
        int end = next;
        filtering = Cores.splitAsync(n, (from, to) -> {
            float[][] planes = new float[3][batch[from].length];
            for (int i = from; i < to; i++) {
                horizontal(batch[i], hx, filtered[batchY[i]], ch, planes);
            }
        }).thenCompose(done -> Cores.splitAsync(end - start, (from, to) -> {
            float[] acc = new float[tw * ch];
            for (int y = start + from; y < start + to; y++) {
                emit(y, acc);
            }
        }));
    }

    private void awaitFiltering() {
        if (filtering != null) {
            try {
                filtering.join();
            } catch (java.util.concurrent.CompletionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : e;
            } finally {
                filtering = null;
            }
        }
    }

    /** Whether every output row is made. */
    boolean done() {
        return next >= th;
    }

    /** The resized image; rows not reached by the pushed rows are black. */
    BufferedImage result() {
        if (batched > 0) {
            flush();
        }
        awaitFiltering();
        return out;
    }

    private void emit(int y, float[] acc) {
        java.util.Arrays.fill(acc, 0f);
        int first = vy.first[y], n = vy.count[y], base = y * vy.stride;
        for (int k = 0; k < n; k += 4) {
            add(acc, vy.weight, base + k, filtered, first + k, Math.min(4, n - k));
        }
        int row = y * tw;
        for (int x = 0; x < tw; x++) {
            int i = x * ch;
            int r = clamp(acc[i]), g = clamp(acc[i + 1]), b = clamp(acc[i + 2]);
            if (alpha) {
                int a = clamp(acc[i + 3]);
                dst[row + x] = (a << 24) | (Math.min(r, a) << 16) | (Math.min(g, a) << 8) | Math.min(b, a);
            } else {
                dst[row + x] = (r << 16) | (g << 8) | b;
            }
        }
    }

    /**
     * Adds {@code m} (1 to 4) weighted rows to {@code acc} in one pass, each value's terms in the order
     * of the rows (the sums of one row at a time, to the bit, with a quarter of the passes over {@code acc}).
     */
    private static void add(float[] acc, float[] weight, int w, float[][] rows, int r, int m) {
        int len = acc.length;
        float a = weight[w];
        float[] p = rows[r];
        switch (m) {
            case 1 -> {
                for (int i = 0; i < len; i++) {
                    acc[i] = acc[i] + a * p[i];
                }
            }
            case 2 -> {
                float b = weight[w + 1];
                float[] q = rows[r + 1];
                for (int i = 0; i < len; i++) {
                    acc[i] = acc[i] + a * p[i] + b * q[i];
                }
            }
            case 3 -> {
                float b = weight[w + 1], c = weight[w + 2];
                float[] q = rows[r + 1], t = rows[r + 2];
                for (int i = 0; i < len; i++) {
                    acc[i] = acc[i] + a * p[i] + b * q[i] + c * t[i];
                }
            }
            default -> {
                float b = weight[w + 1], c = weight[w + 2], d = weight[w + 3];
                float[] q = rows[r + 1], t = rows[r + 2], u = rows[r + 3];
                for (int i = 0; i < len; i++) {
                    acc[i] = acc[i] + a * p[i] + b * q[i] + c * t[i] + d * u[i];
                }
            }
        }
    }

    /** One source row filtered across into {@code out}; {@code planes}: three rows' worth of scratch. */
    private static void horizontal(int[] line, Taps hx, float[] out, int ch, float[][] planes) {
        int tw = out.length / ch;
        if (ch == 3) { // opaque: the same sums without the alpha channel's, over the row unpacked once
            int n0 = line.length;
            float[] rs = planes[0], gs = planes[1], bs = planes[2];
            for (int i = 0; i < n0; i++) {
                int p = line[i];
                rs[i] = (p >> 16) & 0xff;
                gs[i] = (p >> 8) & 0xff;
                bs[i] = p & 0xff;
            }
            float[] weight = hx.weight;
            int stride = hx.stride, x = 0;
            // two output pixels at once where they have as many taps (all but a few at the edges): six
            // independent sums instead of three keep the core busy; each sum adds its terms in the same
            // order as alone, so every value is the same to the bit
            for (; x + 1 < tw; x += 2) {
                int n = hx.count[x];
                if (hx.count[x + 1] != n) {
                    one(x, rs, gs, bs, hx, out);
                    one(x + 1, rs, gs, bs, hx, out);
                    continue;
                }
                float r0 = 0, g0 = 0, b0 = 0, r1 = 0, g1 = 0, b1 = 0;
                int w0 = x * stride, w1 = w0 + stride, f0 = hx.first[x], f1 = hx.first[x + 1];
                for (int k = 0; k < n; k++) {
                    float a = weight[w0 + k], c = weight[w1 + k];
                    r0 += a * rs[f0 + k];
                    g0 += a * gs[f0 + k];
                    b0 += a * bs[f0 + k];
                    r1 += c * rs[f1 + k];
                    g1 += c * gs[f1 + k];
                    b1 += c * bs[f1 + k];
                }
                int i = x * 3;
                out[i] = r0;
                out[i + 1] = g0;
                out[i + 2] = b0;
                out[i + 3] = r1;
                out[i + 4] = g1;
                out[i + 5] = b1;
            }
            if (x < tw) {
                one(x, rs, gs, bs, hx, out);
            }
            return;
        }
        for (int x = 0; x < tw; x++) {
            float r = 0, g = 0, b = 0, a = 0;
            int base = x * hx.stride;
            for (int k = 0; k < hx.count[x]; k++) {
                int p = line[hx.first[x] + k];
                float w = hx.weight[base + k];
                r += w * ((p >> 16) & 0xff);
                g += w * ((p >> 8) & 0xff);
                b += w * (p & 0xff);
                a += w * (p >>> 24);
            }
            int i = x * ch;
            out[i] = r;
            out[i + 1] = g;
            out[i + 2] = b;
            if (ch == 4) {
                out[i + 3] = a;
            }
        }
    }

    /** Output pixel {@code x} of an opaque row unpacked into {@code rs, gs, bs}. */
    private static void one(int x, float[] rs, float[] gs, float[] bs, Taps hx, float[] out) {
        float r = 0, g = 0, b = 0;
        int base = x * hx.stride, first = hx.first[x];
        for (int k = 0, n = hx.count[x]; k < n; k++) {
            float w = hx.weight[base + k];
            r += w * rs[first + k];
            g += w * gs[first + k];
            b += w * bs[first + k];
        }
        int i = x * 3;
        out[i] = r;
        out[i + 1] = g;
        out[i + 2] = b;
    }

    private static int clamp(float v) {
        return v <= 0 ? 0 : v >= 255 ? 255 : (int) (v + 0.5f);
    }

    /** For each output pixel along one axis: the first source pixel, how many, and their normalised weights. */
    private static final class Taps {
        final int[] first;
        final int[] count;
        final float[] weight;
        final int stride;

        private Taps(int[] first, int[] count, float[] weight, int stride) {
            this.first = first;
            this.count = count;
            this.weight = weight;
            this.stride = stride;
        }

        static Taps of(double from, double to, int n, int size) {
            double step = (to - from) / n;
            double widen = Math.max(1, step); // shrinking: the kernel spans the source pixels one output pixel covers
            double support = LOBES * widen;
            int stride = (int) Math.ceil(2 * support) + 2;
            int[] first = new int[n];
            int[] count = new int[n];
            float[] weight = new float[n * stride];
            double[] w = new double[stride];
            for (int i = 0; i < n; i++) {
                double centre = from + (i + 0.5) * step; // in continuous coordinates; pixel k's centre is k + 0.5
                int lo = (int) Math.floor(centre - support - 0.5) + 1;
                int hi = (int) Math.floor(centre + support - 0.5);
                lo = Math.max(lo, 0);
                hi = Math.min(hi, size - 1);
                if (hi < lo) { // outside the source: the nearest edge pixel
                    lo = hi = Math.max(0, Math.min(size - 1, (int) Math.floor(centre)));
                }
                double sum = 0;
                int c = Math.min(hi - lo + 1, stride);
                for (int k = 0; k < c; k++) {
                    double d = (lo + k + 0.5 - centre) / widen;
                    w[k] = lanczos(d);
                    sum += w[k];
                }
                if (sum == 0) {
                    w[0] = sum = 1;
                    c = 1;
                }
                first[i] = lo;
                count[i] = c;
                for (int k = 0; k < c; k++) {
                    weight[i * stride + k] = (float) (w[k] / sum);
                }
            }
            return new Taps(first, count, weight, stride);
        }

        private static double lanczos(double x) {
            double ax = Math.abs(x);
            if (ax < 1e-9) {
                return 1;
            }
            if (ax >= LOBES) {
                return 0;
            }
            double px = Math.PI * x;
            return LOBES * Math.sin(px) * Math.sin(px / LOBES) / (px * px);
        }
    }

    /** One source row as packed ARGB (premultiplied when it has alpha; opaque otherwise). */
    private interface Rows {
        void read(int y, int[] out);

        static Rows of(BufferedImage src, boolean alpha) {
            int w = src.getWidth();
            switch (src.getType()) {
                case BufferedImage.TYPE_3BYTE_BGR -> {
                    byte[] d = ((DataBufferByte) src.getRaster().getDataBuffer()).getData();
                    return (y, out) -> {
                        int o = y * w * 3;
                        for (int x = 0; x < w; x++, o += 3) {
                            out[x] = 0xff000000 | (d[o + 2] & 0xff) << 16 | (d[o + 1] & 0xff) << 8 | (d[o] & 0xff);
                        }
                    };
                }
                case BufferedImage.TYPE_INT_RGB -> {
                    int[] d = ((DataBufferInt) src.getRaster().getDataBuffer()).getData();
                    return (y, out) -> {
                        int o = y * w;
                        for (int x = 0; x < w; x++) {
                            out[x] = 0xff000000 | d[o + x];
                        }
                    };
                }
                case BufferedImage.TYPE_INT_ARGB_PRE -> {
                    int[] d = ((DataBufferInt) src.getRaster().getDataBuffer()).getData();
                    return (y, out) -> System.arraycopy(d, y * w, out, 0, w);
                }
                default -> {
                    // grey, palette, 16-bit, CMYK-converted, straight alpha: once through Java2D
                    BufferedImage conv = new BufferedImage(w, src.getHeight(),
                            alpha ? BufferedImage.TYPE_INT_ARGB_PRE : BufferedImage.TYPE_INT_RGB);
                    Graphics2D g = conv.createGraphics();
                    try {
                        if (!alpha) {
                            g.setColor(java.awt.Color.WHITE);
                            g.fillRect(0, 0, w, src.getHeight());
                        }
                        g.drawImage(src, 0, 0, null);
                    } finally {
                        g.dispose();
                    }
                    return of(conv, alpha);
                }
            }
        }
    }
}
