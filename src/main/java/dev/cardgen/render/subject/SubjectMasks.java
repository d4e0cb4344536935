package dev.cardgen.render.subject;

import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Morphology;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;

/**
 * Masks that come from outside the subject stage: an upload's own alpha channel and a mask a seller
 * sends. Both are taken as they are; this class only says whether one can be a product's mask.
 */
public final class SubjectMasks {

    /** Alpha at or above this is the product's, below it the backdrop's. */
    public static final int OPAQUE = 128;
    /** Less than this share of either side is none of it: an opaque photo with antialiased corners. */
    static final double MIN_SHARE = 0.005;
    /**
     * An upload's alpha is a product's outline when its largest region, and regions at least a fifth
     * of it (a pair of shoes), hold this share of the opaque pixels; speckled transparency is not one.
     */
    static final double MAIN_REGIONS = 0.9;
    /** The box holds mask values at or above this, as the subject stage's boxes do. */
    public static final int IN_BOX = 8;

    public enum Verdict {
        /** One product, or a few large parts of one, against a transparent backdrop. */
        PRODUCT,
        /** (Almost) nothing opaque. */
        EMPTY,
        /** (Almost) nothing transparent. */
        FULL,
        /** Opaque and transparent pixels mixed with no main region: not an outline. */
        SCATTERED
    }

    private SubjectMasks() {
    }

    /** What {@code mask} (TYPE_BYTE_GRAY) is, judged at {@link #OPAQUE}. */
    public static Verdict judge(BufferedImage mask) {
        byte[] m = bytes(mask);
        int w = mask.getWidth();
        int h = mask.getHeight();
        boolean[] opaque = new boolean[m.length];
        int count = 0;
        for (int i = 0; i < m.length; i++) {
            opaque[i] = (m[i] & 0xff) >= OPAQUE;
            if (opaque[i]) {
                count++;
            }
        }
        double min = MIN_SHARE * m.length;
        if (count < min) {
            return Verdict.EMPTY;
        }
        if (m.length - count < min) {
            return Verdict.FULL;
        }
        Morphology.Components c = Morphology.label(opaque, w, h, true);
        int largest = c.largest();
        long main = 0;
        for (int l = 1; l <= c.count(); l++) {
            if (c.sizes()[l] * 5L >= largest) {
                main += c.sizes()[l];
            }
        }
        return main >= MAIN_REGIONS * count ? Verdict.PRODUCT : Verdict.SCATTERED;
    }

    /** The product's box in {@code mask}: where it is at least {@value #IN_BOX}; null when nowhere. */
    public static Rectangle bounds(BufferedImage mask) {
        return bounds(bytes(mask), mask.getWidth(), mask.getHeight());
    }

    /** As {@link #bounds(BufferedImage)} for the bytes of a {@code w} x {@code h} mask. */
    public static Rectangle bounds(byte[] m, int w, int h) {
        int x0 = w, y0 = h, x1 = -1, y1 = -1;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            for (int x = 0; x < w; x++) {
                if ((m[row + x] & 0xff) >= IN_BOX) {
                    x0 = Math.min(x0, x);
                    x1 = Math.max(x1, x);
                    y0 = Math.min(y0, y);
                    y1 = y;
                }
            }
        }
        return x1 < 0 ? null : new Rectangle(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    private static byte[] bytes(BufferedImage mask) {
        if (mask.getType() != BufferedImage.TYPE_BYTE_GRAY) {
            throw new IllegalArgumentException("mask must be TYPE_BYTE_GRAY");
        }
        return ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
    }
}
