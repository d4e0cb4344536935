package dev.cardgen.render;

import java.awt.AlphaComposite;
import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.LinearGradientPaint;
import java.awt.MultipleGradientPaint;
import java.awt.RadialGradientPaint;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Point2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.awt.image.SinglePixelPackedSampleModel;
import java.util.SplittableRandom;

/**
 * The backdrop painters the templates are made of. Every pixel behind text is a blend of background
 * and backgroundAlt only, which is what the palette's contrast guarantee is computed against.
 */
final class Backdrop {
    private Backdrop() {}

    /** Soft layers are painted at 1/SOFT resolution and enlarged: smooth gradients lose nothing, and it is ~10x cheaper. */
    private static final int SOFT = 4;

    /**
     * The card being painted, as a rendering hint on its graphics ({@link CardRenderer} sets it): a
     * soft layer is enlarged straight into its pixels ({@link Enlarge4}) instead of through Java2D.
     */
    static final RenderingHints.Key CANVAS = new RenderingHints.Key(0x63617264) {
        @Override
        public boolean isCompatibleValue(Object value) {
            return value instanceof BufferedImage;
        }
    };

    /**
     * What the product drawn later hides, as a rendering hint on the card's graphics ({@link CardRenderer}
     * sets it while the backdrop is painted): the enlargement leaves those pixels out.
     */
    static final RenderingHints.Key COVERED = new RenderingHints.Key(0x636f7672) {
        @Override
        public boolean isCompatibleValue(Object value) {
            return value instanceof ProductCover;
        }
    };

    /**
     * Runs {@code painter} at 1/{@value #SOFT} of the size and enlarges what it painted onto {@code g}
     * (bilinear), in one band of rows per core: each pixel of the enlargement depends only on the
     * transform, not on the clip, so the bands join into exactly the one-piece result. On the card's
     * own graphics ({@link #CANVAS}, untransformed, unclipped, drawing over) the enlargement is
     * {@link Enlarge4}'s, the same pixels as Java2D's, less those the product will cover ({@link #COVERED}).
     */
    static void soft(Graphics2D g, Layout l, java.util.function.Consumer<Graphics2D> painter) {
        int w = (l.width() + SOFT - 1) / SOFT, h = (l.height() + SOFT - 1) / SOFT;
        BufferedImage small = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D sg = small.createGraphics();
        sg.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        sg.scale(1.0 / SOFT, 1.0 / SOFT);
        painter.accept(sg);
        sg.dispose();
        if (g.getRenderingHint(CANVAS) instanceof BufferedImage card && drawsStraight(g, card)) {
            int[] from = ((DataBufferInt) small.getRaster().getDataBuffer()).getData();
            int[] to = ((DataBufferInt) card.getRaster().getDataBuffer()).getData();
            int stride = ((SinglePixelPackedSampleModel) card.getSampleModel()).getScanlineStride();
            int dw = Math.min(card.getWidth(), w * SOFT), dh = Math.min(card.getHeight(), h * SOFT);
            ProductCover covered = g.getRenderingHint(COVERED) instanceof ProductCover c ? c : ProductCover.NONE;
            Cores.split(dh, (y0, y1) -> Enlarge4.rows(from, w, h, to, stride, dw, dh, y0, y1, covered));
            return;
        }
        int rows = h * SOFT, bands = Math.min(Cores.COUNT, Math.max(1, rows / 64));
        java.util.List<Runnable> parts = new java.util.ArrayList<>();
        for (int i = 0; i < bands; i++) {
            int y0 = rows * i / bands, y1 = rows * (i + 1) / bands;
            Graphics2D band = (Graphics2D) g.create(); // made here: a Graphics2D is not shared between threads
            band.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            band.clipRect(0, y0, w * SOFT, y1 - y0);
            parts.add(() -> {
                try {
                    band.drawImage(small, 0, 0, w * SOFT, h * SOFT, null);
                } finally {
                    band.dispose();
                }
            });
        }
        Cores.all(parts);
    }

    /** Whether drawing on {@code g} writes {@code card}'s pixels as they are: no transform, no clip, opaque source over. */
    static boolean drawsStraight(Graphics2D g, BufferedImage card) {
        return card.getType() == BufferedImage.TYPE_INT_RGB && card.getSampleModel() instanceof SinglePixelPackedSampleModel
                && card.getRaster().getSampleModelTranslateX() == 0 && card.getRaster().getSampleModelTranslateY() == 0
                && g.getTransform().isIdentity() && g.getClip() == null && AlphaComposite.SrcOver.equals(g.getComposite());
    }

    /** Wall lit from behind the product, fading into a floor whose horizon sits behind the product's base. */
    static void studio(Graphics2D g, Layout l, Color bg, Color alt) {
        int w = l.width(), h = l.height();
        Box pr = l.product();
        float horizon = pr == null ? h * 0.7f : pr.bottom() - pr.h() * 0.18f;
        float soft = (float) (Math.min(w, h) * 0.10);
        g.setPaint(new LinearGradientPaint(0, 0, 0, h,
                fractions(0, (horizon - soft) / h, (horizon + soft) / h, 1),
                new Color[] {ColorMath.mix(bg, alt, 0.35), bg, alt, ColorMath.mix(alt, bg, 0.45)}));
        g.fillRect(0, 0, w, h);
        if (pr != null) {
            float cx = pr.x() + pr.w() / 2f, cy = pr.y() + pr.h() * 0.45f;
            float r = Math.max(pr.w(), pr.h()) * 0.9f;
            glow(g, cx, cy, r, bg, 0.85f);
        }
    }

    /** Flat saturated block with a big disc behind the product. */
    static void bold(Graphics2D g, Layout l, Color bg, Color alt) {
        g.setColor(bg);
        g.fillRect(0, 0, l.width(), l.height());
        Box pr = l.product();
        if (pr == null) return;
        // A halo, not a frame: capped so it never runs off the card's sides.
        double r = Math.min(Math.max(pr.w(), pr.h()) * 0.58, Math.min(l.width(), l.height()) * 0.44);
        double cx = pr.x() + pr.w() / 2.0, cy = pr.y() + pr.h() / 2.0;
        g.setColor(alt);
        g.fill(new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r));
    }

    /** Diagonal gradient with three soft, seed-placed light blobs. */
    static void gradient(Graphics2D g, Layout l, Color bg, Color alt, long seed) {
        int w = l.width(), h = l.height();
        g.setPaint(new GradientPaint(0, 0, bg, w, h, alt));
        g.fillRect(0, 0, w, h);
        SplittableRandom rnd = new SplittableRandom(seed);
        double s = Math.min(w, h);
        for (int i = 0; i < 3; i++) {
            float cx = (float) (w * rnd.nextDouble(0.05, 0.95)), cy = (float) (h * rnd.nextDouble(0.05, 0.95));
            float r = (float) (s * rnd.nextDouble(0.25, 0.55));
            glow(g, cx, cy, r, i % 2 == 0 ? bg : alt, 0.7f);
        }
    }

    /** Calm flat page with a rounded panel behind the product. */
    static void infographic(Graphics2D g, Layout l, Color bg, Color alt) {
        g.setColor(bg);
        g.fillRect(0, 0, l.width(), l.height());
        Box pr = l.product();
        if (pr == null) return;
        double s = Math.min(l.width(), l.height());
        double pad = 0.025 * s;
        g.setColor(alt);
        g.fill(new RoundRectangle2D.Double(pr.x() - pad, pr.y() - pad, pr.w() + 2 * pad, pr.h() + 2 * pad,
                0.06 * s, 0.06 * s));
    }

    private static void glow(Graphics2D g, float cx, float cy, float r, Color c, float alpha) {
        Color c0 = new Color(c.getRed(), c.getGreen(), c.getBlue(), Math.round(alpha * 255));
        Color c1 = new Color(c.getRed(), c.getGreen(), c.getBlue(), 0);
        g.setPaint(new RadialGradientPaint(new Point2D.Float(cx, cy), r, new float[] {0f, 1f}, new Color[] {c0, c1},
                MultipleGradientPaint.CycleMethod.NO_CYCLE));
        g.fill(new Ellipse2D.Float(cx - r, cy - r, 2 * r, 2 * r));
    }

    /** Gradient stops must strictly increase; clamps and nudges them into [0,1]. */
    private static float[] fractions(float... f) {
        float[] out = new float[f.length];
        float prev = -1;
        for (int i = 0; i < f.length; i++) {
            float v = Math.max(0, Math.min(1, f[i]));
            if (v <= prev) v = Math.min(1, prev + 1e-4f);
            out[i] = v;
            prev = v;
        }
        // If clamping pushed the tail to 1, walk back so stops stay distinct.
        for (int i = f.length - 2; i >= 0; i--) if (out[i] >= out[i + 1]) out[i] = out[i + 1] - 1e-4f;
        return out;
    }
}
