package dev.cardgen.asset.image;

import java.awt.image.BufferedImage;
import java.awt.image.ComponentSampleModel;
import java.awt.image.DataBuffer;
import java.awt.image.Raster;
import java.awt.image.SampleModel;
import java.awt.image.WritableRaster;
import java.util.function.Consumer;
import javax.imageio.ImageTypeSpecifier;

/**
 * A decoder's destination that holds one row: the JDK's JPEG reader writes each decoded row of the
 * region into its destination in order, top to bottom, once (no progress listener is registered, so
 * a progressive file is not shown pass by pass); each row, once complete, goes to a consumer as
 * packed opaque RGB and is forgotten. So a region of any size is decoded at full resolution in the
 * memory of a row.
 */
final class RowSink extends DataBuffer {

    private final int scanline;
    private final int pixelStride;
    private final int[] bandOffsets;
    private final byte[] row;
    private final int[] packed;
    private final Consumer<int[]> consumer;
    private int current = -1;

    private RowSink(int width, int height, ComponentSampleModel sm, Consumer<int[]> consumer) {
        super(DataBuffer.TYPE_BYTE, sm.getScanlineStride() * height);
        this.scanline = sm.getScanlineStride();
        this.pixelStride = sm.getPixelStride();
        this.bandOffsets = sm.getBandOffsets();
        this.row = new byte[scanline];
        this.packed = new int[width];
        this.consumer = consumer;
    }

    /**
     * A destination image of {@code type} (8-bit grey or 8-bit interleaved RGB) and {@code width × height}
     * whose rows go to {@code consumer}; null for any other type.
     */
    static BufferedImage destination(ImageTypeSpecifier type, int width, int height, Consumer<int[]> consumer) {
        SampleModel model = type.getSampleModel(width, height);
        if (!(model instanceof ComponentSampleModel sm) || model.getDataType() != DataBuffer.TYPE_BYTE
                || (sm.getNumBands() != 3 && sm.getNumBands() != 1) || sm.getNumBands() != type.getColorModel().getNumComponents()) {
            return null;
        }
        RowSink sink = new RowSink(width, height, sm, consumer);
        return new BufferedImage(type.getColorModel(), new Rows(model, sink), false, null);
    }

    @Override
    public int getElem(int bank, int i) {
        return i / scanline == current ? row[i % scanline] & 0xff : 0;
    }

    @Override
    public void setElem(int bank, int i, int val) {
        int y = i / scanline;
        if (y != current) {
            flush();
            current = y;
        }
        row[i % scanline] = (byte) val;
    }

    /** Hands on the row being written, if any: called when the next starts and once after the decode. */
    void flush() {
        if (current < 0) {
            return;
        }
        int bands = bandOffsets.length;
        for (int x = 0, o = 0; x < packed.length; x++, o += pixelStride) {
            if (bands == 1) {
                int v = row[o] & 0xff;
                packed[x] = 0xff000000 | v << 16 | v << 8 | v;
            } else {
                packed[x] = 0xff000000 | (row[o + bandOffsets[0]] & 0xff) << 16 | (row[o + bandOffsets[1]] & 0xff) << 8
                        | (row[o + bandOffsets[2]] & 0xff);
            }
        }
        current = -1;
        consumer.accept(packed);
    }

    /**
     * The decoder's one-row raster packed straight from its bytes (the JDK's JPEG reader hands each
     * row over with {@code setRect}); the generic path, a virtual call per sample, cost more than the
     * decode itself.
     */
    private boolean accept(int dx, Raster src) {
        if (!(src.getSampleModel() instanceof ComponentSampleModel sm) || !(src.getDataBuffer() instanceof java.awt.image.DataBufferByte db)
                || src.getHeight() != 1 || sm.getNumBands() != bandOffsets.length || dx != 0 || src.getWidth() != packed.length) {
            return false;
        }
        flush();
        byte[] d = db.getData();
        int stride = sm.getPixelStride();
        int base = db.getOffset() + sm.getOffset(src.getMinX() - src.getSampleModelTranslateX(), src.getMinY() - src.getSampleModelTranslateY());
        int[] off = sm.getBandOffsets();
        int n = src.getWidth();
        if (off.length == 1) {
            for (int x = 0, o = base + off[0]; x < n; x++, o += stride) {
                int v = d[o] & 0xff;
                packed[x] = 0xff000000 | v << 16 | v << 8 | v;
            }
        } else {
            int r = base + off[0], g = base + off[1], b = base + off[2];
            for (int x = 0, o = 0; x < n; x++, o += stride) {
                packed[x] = 0xff000000 | (d[r + o] & 0xff) << 16 | (d[g + o] & 0xff) << 8 | (d[b + o] & 0xff);
            }
        }
        consumer.accept(packed);
        return true;
    }

    /** The destination's raster: rows set whole go straight to the consumer, anything else through the sink. */
    private static final class Rows extends WritableRaster {
        private final RowSink sink;

        Rows(SampleModel model, RowSink sink) {
            super(model, sink, new java.awt.Point(0, 0));
            this.sink = sink;
        }

        @Override
        public void setRect(int dx, int dy, Raster src) {
            if (!sink.accept(dx + src.getMinX(), src)) {
                super.setRect(dx, dy, src);
            }
        }
    }

    static RowSink of(BufferedImage destination) {
        return (RowSink) destination.getRaster().getDataBuffer();
    }
}
