package dev.cardgen.render;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.RoundRectangle2D;

/** Draws the fitted texts of a layout: title, subtitle, facts with bullets or icons, badge pill. */
final class TextPainter {
    private TextPainter() {}

    static void paint(Graphics2D g, Layout l, Palette p, boolean icons) {
        Color text = ColorMath.parse(p.text()), muted = ColorMath.parse(p.mutedText());
        Color accent = ColorMath.parse(p.accent());
        lines(g, l.titleText(), l.title(), text, l.centered());
        lines(g, l.subtitleText(), l.subtitle(), muted, l.centered());
        for (int i = 0; i < l.facts().size(); i++) {
            Box b = l.facts().get(i);
            FittedText t = l.factTexts().get(i);
            Box textBox = new Box(b.x() + l.factIndent(), b.y() + (b.h() - t.height()) / 2, b.w() - l.factIndent(),
                    t.height());
            if (icons) {
                Icons.paint(g, i, b.x(), b.y() + b.h() / 2.0, t.size() * 1.7, accent,
                        ColorMath.parse(p.badgeText()));
            } else {
                double d = t.size() * 0.38;
                double cy = textBox.y() + t.ascent() - t.size() * 0.36;
                g.setColor(accent);
                g.fill(new Ellipse2D.Double(b.x() + t.size() * 0.1, cy - d / 2, d, d));
            }
            lines(g, t, textBox, text, false);
        }
        if (l.badge() != null && l.badgeText() != null) {
            Box b = l.badge();
            g.setColor(ColorMath.parse(p.badgeBackground()));
            g.fill(new RoundRectangle2D.Double(b.x(), b.y(), b.w(), b.h(), b.h(), b.h()));
            FittedText t = l.badgeText();
            Font f = FontSet.font(t.face(), t.size());
            g.setFont(f);
            g.setColor(ColorMath.parse(p.badgeText()));
            float tw = (float) TextFitter.width(f, t.lines().get(0));
            // Centre on the cap height, which looks centred in a pill (ascent includes accent room).
            float capH = t.size() * 0.711f;
            g.drawString(t.lines().get(0), b.x() + (b.w() - tw) / 2f, b.y() + (b.h() + capH) / 2f);
        }
    }

    private static void lines(Graphics2D g, FittedText t, Box box, Color color, boolean centered) {
        if (t == null || box == null) return;
        Font f = FontSet.font(t.face(), t.size());
        g.setFont(f);
        g.setColor(color);
        for (int i = 0; i < t.lines().size(); i++) {
            String line = t.lines().get(i);
            float x = box.x();
            if (centered) x += (float) ((box.w() - TextFitter.width(f, line)) / 2);
            g.drawString(line, x, box.y() + t.ascent() + i * t.lineHeight());
        }
    }
}
