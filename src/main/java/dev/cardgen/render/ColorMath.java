package dev.cardgen.render;

import java.awt.Color;
import java.util.List;

/** Colour conversions and WCAG contrast; all palette maths goes through here. */
public final class ColorMath {
    /** WCAG AA for normal text, with a hair of headroom so hex rounding never drops below 4.5. */
    public static final double AA = 4.5;

    private ColorMath() {}

    public static Color parse(String hex) {
        return new Color(Integer.parseInt(hex.substring(1), 16));
    }

    public static String hex(Color c) {
        return String.format("#%02X%02X%02X", c.getRed(), c.getGreen(), c.getBlue());
    }

    public static double luminance(Color c) {
        return 0.2126 * lin(c.getRed()) + 0.7152 * lin(c.getGreen()) + 0.0722 * lin(c.getBlue());
    }

    private static double lin(int v) {
        double s = v / 255.0;
        return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    }

    public static double contrast(Color a, Color b) {
        double la = luminance(a), lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    public static double minContrast(Color text, List<Color> backs) {
        return backs.stream().mapToDouble(b -> contrast(text, b)).min().orElse(21);
    }

    /** HSL with h in [0,360), s and l in [0,1]. */
    public static Color hsl(double h, double s, double l) {
        h = ((h % 360) + 360) % 360;
        s = clamp(s);
        l = clamp(l);
        double c = (1 - Math.abs(2 * l - 1)) * s;
        double x = c * (1 - Math.abs((h / 60) % 2 - 1));
        double m = l - c / 2;
        double r, g, b;
        if (h < 60) { r = c; g = x; b = 0; } else if (h < 120) { r = x; g = c; b = 0; }
        else if (h < 180) { r = 0; g = c; b = x; } else if (h < 240) { r = 0; g = x; b = c; }
        else if (h < 300) { r = x; g = 0; b = c; } else { r = c; g = 0; b = x; }
        return new Color(to255(r + m), to255(g + m), to255(b + m));
    }

    /** Returns {h, s, l}. */
    public static double[] toHsl(Color c) {
        double r = c.getRed() / 255.0, g = c.getGreen() / 255.0, b = c.getBlue() / 255.0;
        double max = Math.max(r, Math.max(g, b)), min = Math.min(r, Math.min(g, b));
        double l = (max + min) / 2, d = max - min, h = 0, s = 0;
        if (d > 1e-9) {
            s = d / (1 - Math.abs(2 * l - 1));
            if (max == r) h = 60 * (((g - b) / d) % 6);
            else if (max == g) h = 60 * ((b - r) / d + 2);
            else h = 60 * ((r - g) / d + 4);
        }
        return new double[] {(h + 360) % 360, clamp(s), l};
    }

    public static Color mix(Color a, Color b, double t) {
        return new Color(to255((a.getRed() + (b.getRed() - a.getRed()) * t) / 255.0),
                to255((a.getGreen() + (b.getGreen() - a.getGreen()) * t) / 255.0),
                to255((a.getBlue() + (b.getBlue() - a.getBlue()) * t) / 255.0));
    }

    /**
     * Moves the text colour's lightness away from the backgrounds (keeping hue and saturation)
     * until it reaches AA against every one of them; falls back to black or white.
     */
    public static Color ensureContrast(Color text, List<Color> backs) {
        if (minContrast(text, backs) >= AA) return text;
        boolean darken = minContrast(Color.BLACK, backs) >= minContrast(Color.WHITE, backs);
        double[] hsl = toHsl(text);
        for (int i = 1; i <= 50; i++) {
            double l = darken ? hsl[2] * (1 - i / 50.0) : hsl[2] + (1 - hsl[2]) * i / 50.0;
            Color c = hsl(hsl[0], hsl[1], l);
            if (minContrast(c, backs) >= AA) return c;
        }
        Color bw = darken ? Color.BLACK : Color.WHITE;
        Color other = darken ? Color.WHITE : Color.BLACK;
        return minContrast(bw, backs) >= minContrast(other, backs) ? bw : other;
    }

    /** Channel-wise min and max of two colours: bounds every alpha blend between them (luminance is monotone per channel). */
    public static List<Color> blendEnvelope(Color a, Color b) {
        return List.of(a, b,
                new Color(Math.min(a.getRed(), b.getRed()), Math.min(a.getGreen(), b.getGreen()), Math.min(a.getBlue(), b.getBlue())),
                new Color(Math.max(a.getRed(), b.getRed()), Math.max(a.getGreen(), b.getGreen()), Math.max(a.getBlue(), b.getBlue())));
    }

    static double clamp(double v) { return Math.max(0, Math.min(1, v)); }

    private static int to255(double v) { return (int) Math.round(clamp(v) * 255); }
}
