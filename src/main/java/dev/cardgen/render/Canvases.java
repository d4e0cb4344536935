package dev.cardgen.render;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.DirectColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;

/**
 * The pixel arrays of large cards, kept for the next card once a caller is done with one
 * ({@link #giveBack}). A new array of an export's size (7.7 MB at 1200×1600, 31 MB at 2400×3200) is a
 * humongous allocation on G1, and its pages come back from the kernel untouched: ~10–30 ms of page
 * faults per 1200×1600 card in a profile of the render, against ~1 ms to clear a kept one. At most
 * {@value #KEPT} are kept, softly (the collector takes them before memory runs out).
 */
public final class Canvases {

    /** Cards smaller than this (previews, thumbnails) are allocated as usual. */
    static final int MIN_PIXELS = 1 << 20;
    static final int KEPT = 2;
    private static final DirectColorModel RGB = new DirectColorModel(24, 0xff0000, 0xff00, 0xff);
    /** The one the renderer takes its cards from. */
    static final Canvases SHARED = new Canvases();

    private final ArrayDeque<SoftReference<int[]>> kept = new ArrayDeque<>();

    /** A black opaque {@code TYPE_INT_RGB} card, as {@code new BufferedImage(w, h, TYPE_INT_RGB)} makes it. */
    BufferedImage take(int w, int h) {
        int[] pixels = (long) w * h >= MIN_PIXELS ? kept(w * h) : null;
        if (pixels == null) {
            return new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        }
        Arrays.fill(pixels, 0);
        WritableRaster raster = Raster.createPackedRaster(new DataBufferInt(pixels, pixels.length), w, h, w,
                RGB.getMasks(), null);
        return new BufferedImage(RGB, raster, false, null);
    }

    /**
     * Hands a card's pixels back for the next card of its size; the caller must not use {@code card}
     * afterwards. Cards below {@link #MIN_PIXELS} and of other layouts are left to the collector.
     */
    public static void giveBack(BufferedImage card) {
        SHARED.keep(card);
    }

    void keep(BufferedImage card) {
        if (card == null || card.getType() != BufferedImage.TYPE_INT_RGB || (long) card.getWidth() * card.getHeight() < MIN_PIXELS
                || !(card.getRaster().getDataBuffer() instanceof DataBufferInt data) || data.getNumBanks() != 1) {
            return;
        }
        int[] pixels = data.getData();
        if (pixels.length != card.getWidth() * card.getHeight()) {
            return;
        }
        synchronized (kept) {
            kept.removeIf(r -> r.get() == null);
            if (kept.size() >= KEPT) {
                kept.pollFirst();
            }
            kept.addLast(new SoftReference<>(pixels));
        }
    }

    /** A kept array of exactly {@code length} pixels, taken out of the pool, or null. */
    private int[] kept(int length) {
        synchronized (kept) {
            for (Iterator<SoftReference<int[]>> it = kept.iterator(); it.hasNext(); ) {
                int[] a = it.next().get();
                if (a == null) {
                    it.remove();
                } else if (a.length == length) {
                    it.remove();
                    return a;
                }
            }
        }
        return null;
    }
}
