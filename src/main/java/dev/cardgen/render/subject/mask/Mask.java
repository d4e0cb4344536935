package dev.cardgen.render.subject.mask;

import java.awt.Rectangle;

/**
 * A binary mask over a grid of {@code width} x {@code height} cells, row by row: what the stage's steps
 * hand each other. Hot loops read {@link #bits()} directly; a mask is not changed once handed on.
 */
public record Mask(int width, int height, boolean[] bits) {

    public Mask {
        if (bits.length != width * height) {
            throw new IllegalArgumentException("bits do not match " + width + "x" + height);
        }
    }

    public static Mask empty(int width, int height) {
        return new Mask(width, height, new boolean[width * height]);
    }

    /** The cells where {@code v} is above {@code t}. */
    public static Mask above(float[] v, float t, int width, int height) {
        boolean[] b = new boolean[v.length];
        for (int i = 0; i < b.length; i++) {
            b[i] = v[i] > t;
        }
        return new Mask(width, height, b);
    }

    /** A mask of the same size. */
    public Mask with(boolean[] bits) {
        return new Mask(width, height, bits);
    }

    /** The mask as a score for the soft edge and the judge: 2 inside, 0 outside, judged at 1. */
    public float[] score() {
        float[] d = new float[bits.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = bits[i] ? 2 : 0;
        }
        return d;
    }

    public boolean get(int i) {
        return bits[i];
    }

    public int area() {
        int n = 0;
        for (boolean b : bits) {
            if (b) n++;
        }
        return n;
    }

    /** The cells of either. */
    public Mask or(Mask o) {
        boolean[] b = bits.clone();
        for (int i = 0; i < b.length; i++) {
            b[i] |= o.bits[i];
        }
        return with(b);
    }

    public Mask dilate(int r) {
        return with(Morphology.morph(bits, width, height, r, true));
    }

    public Mask erode(int r) {
        return with(Morphology.morph(bits, width, height, r, false));
    }

    public Mask close(int r) {
        return dilate(r).erode(r);
    }

    public Mask open(int r) {
        return erode(r).dilate(r);
    }

    /** The 8-connected regions of cells equal to {@code value}. */
    public Morphology.Components components(boolean value) {
        return Morphology.label(bits, width, height, value);
    }

    /** The box of the set cells; null when none is set. */
    public Rectangle bounds() {
        int x0 = width, y0 = height, x1 = -1, y1 = -1;
        for (int i = 0; i < bits.length; i++) {
            if (!bits[i]) continue;
            int x = i % width, y = i / width;
            x0 = Math.min(x0, x);
            x1 = Math.max(x1, x);
            y0 = Math.min(y0, y);
            y1 = Math.max(y1, y);
        }
        return x1 < 0 ? null : new Rectangle(x0, y0, x1 - x0 + 1, y1 - y0 + 1);
    }

    /** Intersection over union; 0 when both are empty. */
    public double iou(Mask o) {
        int both = overlap(o), either = area() + o.area() - both;
        return either == 0 ? 0 : both / (double) either;
    }

    /** The cells set in both. */
    public int overlap(Mask o) {
        int both = 0;
        for (int i = 0; i < bits.length; i++) {
            if (bits[i] && o.bits[i]) both++;
        }
        return both;
    }

    /** The largest region and any at least a fifth of it (a pair of shoes), each of at least {@code minSize} cells. */
    public Mask keepMain(int minSize) {
        return keepMain(minSize, 0);
    }

    /**
     * As {@link #keepMain(int)}, and with {@code near} > 0 also smaller regions (at least {@code minSize})
     * within {@code near} cells of those: parts of one product a band of the backdrop's colour cut off.
     */
    public Mask keepMain(int minSize, int near) {
        Morphology.Components c = components(true);
        int keep = Math.max(minSize, c.largest() / 5);
        boolean[] out = new boolean[bits.length];
        for (int i = 0; i < out.length; i++) {
            int l = c.labels()[i];
            out[i] = l != 0 && c.sizes()[l] >= keep;
        }
        if (near > 0) {
            boolean[] reach = Morphology.morph(out, width, height, near, true);
            boolean[] join = new boolean[c.count() + 1];
            for (int i = 0; i < out.length; i++) {
                int l = c.labels()[i];
                if (l != 0 && reach[i] && c.sizes()[l] >= minSize) join[l] = true;
            }
            for (int i = 0; i < out.length; i++) {
                out[i] |= join[c.labels()[i]];
            }
        }
        return with(out);
    }
}
