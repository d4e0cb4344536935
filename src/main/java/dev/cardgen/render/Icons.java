package dev.cardgen.render;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;

/**
 * Small vector icons for infographic callouts, drawn in a unit square so they scale with type.
 * They cycle by fact index: check, star, bolt, drop, shield, heart.
 */
final class Icons {
    private Icons() {}

    static void paint(Graphics2D g, int index, double x, double cy, double d, Color disc, Color glyph) {
        g.setColor(disc);
        g.fill(new Ellipse2D.Double(x, cy - d / 2, d, d));
        AffineTransform t = new AffineTransform();
        t.translate(x + d * 0.25, cy - d * 0.25);
        t.scale(d * 0.5, d * 0.5);
        g.setColor(glyph);
        Shape s = t.createTransformedShape(shape(index % 6));
        if (index % 6 == 0) {
            g.setStroke(new BasicStroke((float) (d * 0.1), BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(s);
        } else {
            g.fill(s);
        }
    }

    private static Shape shape(int i) {
        Path2D.Double p = new Path2D.Double();
        switch (i) {
            case 0 -> { p.moveTo(0.08, 0.52); p.lineTo(0.38, 0.8); p.lineTo(0.92, 0.22); }
            case 1 -> {
                for (int k = 0; k < 10; k++) {
                    double a = -Math.PI / 2 + k * Math.PI / 5, r = k % 2 == 0 ? 0.52 : 0.22;
                    double px = 0.5 + r * Math.cos(a), py = 0.54 + r * Math.sin(a);
                    if (k == 0) p.moveTo(px, py); else p.lineTo(px, py);
                }
                p.closePath();
            }
            case 2 -> { p.moveTo(0.58, 0); p.lineTo(0.15, 0.58); p.lineTo(0.45, 0.58); p.lineTo(0.38, 1);
                p.lineTo(0.85, 0.4); p.lineTo(0.55, 0.4); p.closePath(); }
            case 3 -> { p.moveTo(0.5, 0); p.curveTo(0.5, 0, 0.12, 0.45, 0.12, 0.65);
                p.curveTo(0.12, 0.88, 0.3, 1, 0.5, 1); p.curveTo(0.7, 1, 0.88, 0.88, 0.88, 0.65);
                p.curveTo(0.88, 0.45, 0.5, 0, 0.5, 0); p.closePath(); }
            case 4 -> { p.moveTo(0.5, 0); p.lineTo(0.9, 0.15); p.lineTo(0.9, 0.5); p.curveTo(0.9, 0.78, 0.7, 0.92, 0.5, 1);
                p.curveTo(0.3, 0.92, 0.1, 0.78, 0.1, 0.5); p.lineTo(0.1, 0.15); p.closePath(); }
            default -> { p.moveTo(0.5, 0.95); p.curveTo(0.1, 0.65, 0, 0.45, 0, 0.3);
                p.curveTo(0, 0.12, 0.15, 0.02, 0.28, 0.02); p.curveTo(0.4, 0.02, 0.47, 0.1, 0.5, 0.18);
                p.curveTo(0.53, 0.1, 0.6, 0.02, 0.72, 0.02); p.curveTo(0.85, 0.02, 1, 0.12, 1, 0.3);
                p.curveTo(1, 0.45, 0.9, 0.65, 0.5, 0.95); p.closePath(); }
        }
        return p;
    }
}
