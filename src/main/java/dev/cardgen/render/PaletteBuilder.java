package dev.cardgen.render;

import java.awt.Color;
import java.util.List;

/**
 * Derives a template's palette from the product colours with one of several schemes
 * (tonal, shifted hue, complementary, dark), then enforces WCAG AA for every text colour
 * against everything that can be painted behind it.
 */
final class PaletteBuilder {
    /** A scheme: hue shift of the backdrop, its saturation/lightness, and the second stop. */
    record Scheme(String name, double hueShift, double s, double l, double altHueShift, double altS, double altL) {}

    static final int SCHEMES = 4;

    private PaletteBuilder() {}

    static List<Scheme> schemes(String template) {
        return switch (template) {
            case Templates.BOLD -> List.of(
                    new Scheme("tonal", 0, 0.62, 0.40, 0, 0.55, 0.50),
                    new Scheme("complement", 180, 0.55, 0.36, 180, 0.50, 0.46),
                    new Scheme("light", 30, 0.80, 0.80, 30, 0.70, 0.70),
                    new Scheme("dark", 0, 0.35, 0.16, 0, 0.40, 0.26));
            case Templates.GRADIENT -> List.of(
                    new Scheme("tonal", 0, 0.60, 0.86, 45, 0.55, 0.74),
                    new Scheme("dark", 0, 0.45, 0.20, 60, 0.45, 0.32),
                    new Scheme("complement", 180, 0.50, 0.86, 140, 0.50, 0.76),
                    new Scheme("analogous", -40, 0.55, 0.84, 20, 0.60, 0.72));
            case Templates.INFOGRAPHIC -> List.of(
                    new Scheme("tonal", 0, 0.25, 0.97, 0, 0.30, 0.91),
                    new Scheme("complement", 180, 0.25, 0.96, 180, 0.28, 0.90),
                    new Scheme("dark", 0, 0.25, 0.13, 0, 0.25, 0.20),
                    new Scheme("warm", 35, 0.35, 0.95, 35, 0.35, 0.88));
            default -> List.of(
                    new Scheme("tonal", 0, 0.30, 0.95, 0, 0.28, 0.84),
                    new Scheme("complement", 180, 0.25, 0.94, 180, 0.22, 0.83),
                    new Scheme("dark", 0, 0.20, 0.22, 0, 0.22, 0.12),
                    new Scheme("analogous", 40, 0.35, 0.93, 40, 0.30, 0.82));
        };
    }

    static Palette build(ProductColors pc, String template, int schemeIndex) {
        Scheme sc = schemes(template).get(Math.floorMod(schemeIndex, SCHEMES));
        Color base = pc.neutral() ? pc.dominant() : pc.vivid();
        double[] hsl = ColorMath.toHsl(base);
        // Grey products have no meaningful hue: use a warm neutral family at low saturation.
        double hue = pc.neutral() ? 32 : hsl[0];
        double sat = pc.neutral() ? 0.45 : 1.0;
        Color bg = ColorMath.hsl(hue + sc.hueShift(), sc.s() * sat, sc.l());
        Color alt = ColorMath.hsl(hue + sc.altHueShift(), sc.altS() * sat, sc.altL());
        bg = separateFromProduct(bg, pc.dominant());
        boolean light = ColorMath.luminance(bg) > 0.3;
        double accentHue = Templates.BOLD.equals(template) && !light ? hue + sc.hueShift() + 30 : hue;
        Color accent = ColorMath.hsl(accentHue, pc.neutral() ? 0.55 : Math.max(0.6, hsl[1]), light ? 0.42 : 0.62);
        List<Color> backs = ColorMath.blendEnvelope(bg, alt);
        Color text = ColorMath.ensureContrast(light ? ColorMath.hsl(hue, 0.35, 0.13) : ColorMath.hsl(hue, 0.2, 0.97),
                backs);
        Color muted = ColorMath.ensureContrast(light ? ColorMath.hsl(hue, 0.22, 0.32) : ColorMath.hsl(hue, 0.18, 0.84),
                backs);
        Color badgeBg = Templates.BOLD.equals(template) ? (light ? ColorMath.hsl(hue, 0.3, 0.12) : Color.WHITE)
                : accent;
        Color badgeText = ColorMath.ensureContrast(ColorMath.luminance(badgeBg) > 0.3
                ? ColorMath.hsl(hue, 0.4, 0.12) : Color.WHITE, List.of(badgeBg));
        return new Palette(ColorMath.hex(bg), ColorMath.hex(alt), ColorMath.hex(accent), ColorMath.hex(text),
                ColorMath.hex(muted), ColorMath.hex(badgeBg), ColorMath.hex(badgeText));
    }

    /** A white product on a white backdrop disappears: nudge the backdrop's lightness away. */
    private static Color separateFromProduct(Color bg, Color product) {
        if (ColorMath.contrast(bg, product) >= 1.25) return bg;
        double[] h = ColorMath.toHsl(bg);
        double l = h[2] > 0.5 ? h[2] - 0.1 : h[2] + 0.1;
        return ColorMath.hsl(h[0], h[1], l);
    }
}
