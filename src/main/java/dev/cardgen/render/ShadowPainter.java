package dev.cardgen.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.MultipleGradientPaint;
import java.awt.RadialGradientPaint;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.image.BufferedImage;

/**
 * Grounds the product: a soft drop shadow from its own blurred silhouette, and a contact shadow
 * (two radial-gradient ellipses) under the base, where the product would touch the floor.
 */
final class ShadowPainter {
    private ShadowPainter() {}

    /** {@code cutout} is the unscaled cut-out: the base is found there (cheaper, same proportions). */
    static void contact(Graphics2D g, Box product, BufferedImage cutout, double s, Color tint) {
        int[] base = baseExtent(cutout);
        double k = (double) product.w() / cutout.getWidth();
        double baseW = Math.max((base[1] - base[0]) * k, product.w() * 0.3);
        double cx = product.x() + (base[0] + base[1]) / 2.0 * k;
        double cy = product.bottom() - Math.max(1, s * 0.003);
        double maxW = product.w() + 0.04 * s;
        ellipse(g, cx, cy, Math.min(baseW * 1.35, maxW), 0.05 * s, tint, 0.34f);
        ellipse(g, cx, cy, Math.min(baseW * 1.02, maxW), 0.022 * s, tint, 0.7f);
    }

    private static void ellipse(Graphics2D g, double cx, double cy, double w, double h, Color tint, float alpha) {
        Color c0 = new Color(tint.getRed(), tint.getGreen(), tint.getBlue(), Math.round(alpha * 255));
        Color c1 = new Color(tint.getRed(), tint.getGreen(), tint.getBlue(), 0);
        RadialGradientPaint p = new RadialGradientPaint(new Point2D.Double(0, 0), 1f, new float[] {0f, 1f},
                new Color[] {c0, c1}, MultipleGradientPaint.CycleMethod.NO_CYCLE);
        AffineTransform saved = g.getTransform();
        g.translate(cx, cy);
        g.scale(w / 2, h / 2);
        g.setPaint(p);
        g.fill(new Ellipse2D.Double(-1, -1, 2, 2));
        g.setTransform(saved);
    }

    /**
     * The silhouette shrunk 8x, box-blurred three times (≈ gaussian) and drawn back enlarged; only
     * where it can be seen when {@code g} is the card's own graphics ({@link #drawnWhereSeen}).
     */
    static void drop(Graphics2D g, Box product, BufferedImage scaled, ProductCover cover, double s, Color tint,
                     float alpha) {
        int k = 8;
        int pad = 4;
        int sw = Math.max(1, scaled.getWidth() / k), sh = Math.max(1, scaled.getHeight() / k);
        BufferedImage small = new BufferedImage(sw + 2 * pad, sh + 2 * pad, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D sg = small.createGraphics();
        sg.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        sg.drawImage(scaled, pad, pad, sw, sh, null);
        sg.dispose();
        int[] a = small.getRGB(0, 0, small.getWidth(), small.getHeight(), null, 0, small.getWidth());
        float[] v = new float[a.length];
        for (int i = 0; i < a.length; i++) v[i] = (a[i] >>> 24) / 255f;
        for (int i = 0; i < 3; i++) v = Blur.box(v, small.getWidth(), small.getHeight(), 1);
        int rgb = tint.getRGB() & 0xFFFFFF;
        int r = (rgb >> 16) & 255, gr = (rgb >> 8) & 255, b = rgb & 255;
        for (int i = 0; i < a.length; i++) {
            float al = v[i] * alpha;
            a[i] = (Math.round(al * 255) << 24) | (Math.round(r * al) << 16) | (Math.round(gr * al) << 8) | Math.round(b * al);
        }
        // Premultiplied: the enlarging draw takes Java2D's fast loop.
        BufferedImage shadow = new BufferedImage(small.getWidth(), small.getHeight(), BufferedImage.TYPE_INT_ARGB_PRE);
        shadow.getRaster().setDataElements(0, 0, shadow.getWidth(), shadow.getHeight(), a);
        double fx = (double) product.w() / sw, fy = (double) product.h() / sh;
        int dy = (int) Math.round(0.012 * s);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        int x0 = (int) Math.round(product.x() - pad * fx), y0 = (int) Math.round(product.y() - pad * fy + dy);
        int w = (int) Math.round(shadow.getWidth() * fx), h = (int) Math.round(shadow.getHeight() * fy);
        if (g.getRenderingHint(Backdrop.CANVAS) instanceof BufferedImage card && g.getTransform().isIdentity()
                && g.getClip() == null) {
            Graphics2D c = (Graphics2D) g.create();
            try {
                c.clip(drawnWhereSeen(a, shadow.getWidth(), shadow.getHeight(), x0, y0, w, h, cover, card.getWidth(),
                        card.getHeight()));
                c.drawImage(shadow, x0, y0, w, h, null);
            } finally {
                c.dispose();
            }
        } else {
            g.drawImage(shadow, x0, y0, w, h, null);
        }
    }

    /** Rows of the card are taken in bands of this many: a clip of fewer, taller rectangles. */
    private static final int BAND = 8;

    /**
     * The part of the card the shadow ({@code sw × sh} premultiplied pixels {@code px}, drawn enlarged
     * to {@code w × h} at {@code x0, y0}) can change: its pixels of alpha 0 write nothing (bilinear
     * samples of nothing but alpha 0 are 0), and the product's opaque pixels ({@code cover}) are
     * written over it. Taken generously, a band of rows at a time. The two corner pixels of the card
     * keep the clip's bounds the card's: Java2D places the samples of a draw from its bounds clipped
     * to the clip's bounds, so every pixel drawn is the unclipped draw's to the bit.
     */
    private static Shape drawnWhereSeen(int[] px, int sw, int sh, int x0, int y0, int w, int h, ProductCover cover,
                                        int cw, int ch) {
        int[] lo = new int[sh], hi = new int[sh];
        Bilinear.nonZeroExtents(px, sw, sh, lo, hi);
        double sx = (double) w / sw, sy = (double) h / sh;
        Path2D.Float clip = new Path2D.Float();
        clip.append(new Rectangle(0, 0, 1, 1), false);
        clip.append(new Rectangle(cw - 1, ch - 1, 1, 1), false);
        for (int yb = Math.max(0, y0 - 1); yb < Math.min(ch, y0 + h + 1); yb += BAND) {
            int ye = Math.min(Math.min(ch, y0 + h + 1), yb + BAND);
            // the small rows the band's samples read: around (y + 0.5 - y0) / sy - 0.5, one more either side
            int j0 = Math.max(0, (int) Math.floor((yb + 0.5 - y0) / sy - 0.5) - 1);
            int j1 = Math.min(sh - 1, (int) Math.floor((ye - 0.5 - y0) / sy - 0.5) + 2);
            int l = sw, r = -1;
            for (int j = j0; j <= j1; j++) {
                l = Math.min(l, lo[j]);
                r = Math.max(r, hi[j]);
            }
            if (r < 0) {
                continue;
            }
            int xl = Math.max(0, (int) Math.floor(x0 + (l - 1.5) * sx) - 2);
            int xr = Math.min(cw, (int) Math.ceil(x0 + (r + 2.5) * sx) + 2);
            int cf = Integer.MIN_VALUE, ct = Integer.MAX_VALUE;
            for (int y = yb; y < ye; y++) {
                cf = Math.max(cf, cover.from(y));
                ct = Math.min(ct, cover.to(y));
            }
            if (ct <= cf || ct <= xl || cf >= xr) {
                clip.append(new Rectangle(xl, yb, xr - xl, ye - yb), false);
            } else {
                if (cf > xl) {
                    clip.append(new Rectangle(xl, yb, cf - xl, ye - yb), false);
                }
                if (ct < xr) {
                    clip.append(new Rectangle(ct, yb, xr - ct, ye - yb), false);
                }
            }
        }
        return clip;
    }

    /** Left and right x of the opaque pixels in the bottom 6% of rows: where the product stands. */
    static int[] baseExtent(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        int from = Math.max(0, h - Math.max(1, h * 6 / 100));
        int min = w, max = -1;
        int[] row = new int[w];
        AlphaRows alpha = new AlphaRows(img);
        for (int y = from; y < h; y++) {
            alpha.read(y, row);
            for (int x = 0; x < w; x++) {
                if (row[x] > 128) {
                    min = Math.min(min, x);
                    max = Math.max(max, x);
                }
            }
        }
        return max < 0 ? new int[] {w / 4, w * 3 / 4} : new int[] {min, max + 1};
    }
}
