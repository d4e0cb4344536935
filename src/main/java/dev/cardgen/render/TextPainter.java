package dev.cardgen.render;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.font.TextLayout;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Point2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.List;

/** Draws the fitted texts of a layout: title, subtitle, facts with bullets or icons, badge pill. */
final class TextPainter {
    private TextPainter() {}

    /** Returns the elements it drew text for ({@code title}, {@code subtitle}, {@code fact}, {@code badge}), in order. */
    static List<String> paint(Graphics2D g, Layout l, Palette p, boolean icons) {
        Color text = ColorMath.parse(p.text()), muted = ColorMath.parse(p.mutedText());
        Color accent = ColorMath.parse(p.accent());
        List<String> drawn = new ArrayList<>();
        if (lines(g, l.titleText(), l.title(), text, l.centered())) drawn.add("title");
        if (lines(g, l.subtitleText(), l.subtitle(), muted, l.centered())) drawn.add("subtitle");
        for (int i = 0; i < l.facts().size(); i++) {
            Box b = l.facts().get(i);
            FittedText t = l.factTexts().get(i);
            Box textBox = factTextBox(l, i);
            if (icons) {
                Icons.paint(g, i, b.x(), b.y() + b.h() / 2.0, t.size() * 1.7, accent,
                        ColorMath.parse(p.badgeText()));
            } else {
                double d = t.size() * 0.38;
                double cy = textBox.y() + t.ascent() - t.size() * 0.36;
                g.setColor(accent);
                g.fill(new Ellipse2D.Double(b.x() + t.size() * 0.1, cy - d / 2, d, d));
            }
            if (lines(g, t, textBox, text, false)) drawn.add("fact");
        }
        if (l.badge() != null && l.badgeText() != null) {
            Box b = l.badge();
            g.setColor(ColorMath.parse(p.badgeBackground()));
            g.fill(new RoundRectangle2D.Double(b.x(), b.y(), b.w(), b.h(), b.h(), b.h()));
            FittedText t = l.badgeText();
            g.setColor(ColorMath.parse(p.badgeText()));
            for (int i = 0; i < t.lines().size(); i++) {
                Point2D.Float at = badgeBaseline(b, t, i);
                draw(g, t, t.lines().get(i), at.x, at.y);
            }
            drawn.add("badge");
        }
        return drawn;
    }

    /** The part of fact i's box its text takes: right of the bullet or icon, centred vertically. */
    static Box factTextBox(Layout l, int i) {
        Box b = l.facts().get(i);
        FittedText t = l.factTexts().get(i);
        return new Box(b.x() + l.factIndent(), b.y() + (b.h() - t.height()) / 2, b.w() - l.factIndent(), t.height());
    }

    /** Where line i of a badge starts: centred across, the block centred on its cap height. */
    static Point2D.Float badgeBaseline(Box b, FittedText t, int i) {
        float capH = t.size() * 0.711f;
        float block = capH + (t.lines().size() - 1) * t.lineHeight();
        float x = (float) (b.x() + (b.w() - t.width(t.lines().get(i))) / 2);
        return new Point2D.Float(x, b.y() + (b.h() - block) / 2f + capH + i * t.lineHeight());
    }

    /** Whether it drew a line. */
    private static boolean lines(Graphics2D g, FittedText t, Box box, Color color, boolean centered) {
        if (t == null || box == null) return false;
        g.setColor(color);
        for (int i = 0; i < t.lines().size(); i++) {
            Point2D.Float at = lineOrigin(t, box, centered, i);
            draw(g, t, t.lines().get(i), at.x, at.y);
        }
        return !t.lines().isEmpty();
    }

    /**
     * Baseline origin of line i in its box: centred, or flush with the side the text reads from
     * (right for a right-to-left field: every line of it, whatever word a line starts with).
     */
    static Point2D.Float lineOrigin(FittedText t, Box box, boolean centered, int i) {
        String line = t.lines().get(i);
        double w = t.width(line);
        float x = box.x() + (float) t.lead(line);
        if (centered) x += (float) ((box.w() - w) / 2);
        else if (t.rtl()) x += (float) (box.w() - w);
        return new Point2D.Float(x, box.y() + t.ascent() + i * t.lineHeight());
    }

    private static void draw(Graphics2D g, FittedText t, String line, float x, float y) {
        TextLayout tl = FontSet.layout(line, t.face(), t.size(), t.rtl());
        if (tl != null) tl.draw(g, x, y);
    }
}
