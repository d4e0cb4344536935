package dev.cardgen.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.MultipleGradientPaint;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
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

    /** The silhouette shrunk 8x, box-blurred three times (≈ gaussian) and drawn back enlarged. */
    static void drop(Graphics2D g, Box product, BufferedImage scaled, double s, Color tint, float alpha) {
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
        g.drawImage(shadow, (int) Math.round(product.x() - pad * fx), (int) Math.round(product.y() - pad * fy + dy),
                (int) Math.round(shadow.getWidth() * fx), (int) Math.round(shadow.getHeight() * fy), null);
    }

    /** Left and right x of the opaque pixels in the bottom 6% of rows: where the product stands. */
    static int[] baseExtent(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        int from = Math.max(0, h - Math.max(1, h * 6 / 100));
        int min = w, max = -1;
        for (int y = from; y < h; y++) {
            for (int x = 0; x < w; x++) {
                if ((img.getRGB(x, y) >>> 24) > 128) {
                    min = Math.min(min, x);
                    max = Math.max(max, x);
                }
            }
        }
        return max < 0 ? new int[] {w / 4, w * 3 / 4} : new int[] {min, max + 1};
    }
}
