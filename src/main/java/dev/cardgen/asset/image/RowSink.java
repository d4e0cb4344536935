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
        WritableRaster raster = Raster.createWritableRaster(model, sink, null);
        return new BufferedImage(type.getColorModel(), raster, false, null);
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

    static RowSink of(BufferedImage destination) {
        return (RowSink) destination.getRaster().getDataBuffer();
    }
}
