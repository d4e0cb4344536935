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

    /** The palette of the template of {@code templateId} for scheme {@code schemeIndex}. */
    static Palette build(ProductColors pc, String templateId, int schemeIndex) {
        return Templates.of(templateId).palette(pc, schemeIndex);
    }

    /** A palette from one of the template's {@link CardTemplate#schemes() schemes}. */
    static Palette build(ProductColors pc, CardTemplate template, int schemeIndex) {
        Scheme sc = template.schemes().get(Math.floorMod(schemeIndex, SCHEMES));
        Color base = pc.neutral() ? pc.dominant() : pc.vivid();
        double[] hsl = ColorMath.toHsl(base);
        // Grey products have no meaningful hue: use a warm neutral family at low saturation.
        double hue = pc.neutral() ? 32 : hsl[0];
        double sat = pc.neutral() ? 0.45 : 1.0;
        Color bg = ColorMath.hsl(hue + sc.hueShift(), sc.s() * sat, sc.l());
        Color alt = ColorMath.hsl(hue + sc.altHueShift(), sc.altS() * sat, sc.altL());
        bg = separateFromProduct(bg, pc.dominant());
        // Mid-tone backdrops can defeat both black and white text: push the backdrop's lightness
        // away from the text side until even the muted colour passes AA.
        boolean light = ColorMath.minContrast(Color.BLACK, ColorMath.blendEnvelope(bg, alt))
                >= ColorMath.minContrast(Color.WHITE, ColorMath.blendEnvelope(bg, alt));
        for (int i = 0; i < 30 && !passes(bg, alt, hue, light); i++) {
            bg = shift(bg, light ? 0.02 : -0.02);
            alt = shift(alt, light ? 0.02 : -0.02);
        }
        double accentHue = template.has(CardTemplate.Trait.LOUD) && !light ? hue + sc.hueShift() + 30 : hue;
        Color accent = ColorMath.hsl(accentHue, pc.neutral() ? 0.55 : Math.max(0.6, hsl[1]), light ? 0.42 : 0.62);
        List<Color> backs = ColorMath.blendEnvelope(bg, alt);
        Color text = textColour(hue, light, backs);
        Color muted = mutedColour(hue, light, backs);
        Color badgeBg = template.has(CardTemplate.Trait.LOUD) ? (light ? ColorMath.hsl(hue, 0.3, 0.12) : Color.WHITE)
                : accent;
        Color badgeText = ColorMath.ensureContrast(ColorMath.luminance(badgeBg) > 0.3
                ? ColorMath.hsl(hue, 0.4, 0.12) : Color.WHITE, List.of(badgeBg));
        return new Palette(ColorMath.hex(bg), ColorMath.hex(alt), ColorMath.hex(accent), ColorMath.hex(text),
                ColorMath.hex(muted), ColorMath.hex(badgeBg), ColorMath.hex(badgeText));
    }

    private static Color textColour(double hue, boolean light, List<Color> backs) {
        return ColorMath.ensureContrast(light ? ColorMath.hsl(hue, 0.35, 0.13) : ColorMath.hsl(hue, 0.2, 0.97), backs);
    }

    private static Color mutedColour(double hue, boolean light, List<Color> backs) {
        return ColorMath.ensureContrast(light ? ColorMath.hsl(hue, 0.22, 0.32) : ColorMath.hsl(hue, 0.18, 0.84), backs);
    }

    private static boolean passes(Color bg, Color alt, double hue, boolean light) {
        List<Color> backs = ColorMath.blendEnvelope(bg, alt);
        return ColorMath.minContrast(textColour(hue, light, backs), backs) >= ColorMath.AA
                && ColorMath.minContrast(mutedColour(hue, light, backs), backs) >= ColorMath.AA;
    }

    private static Color shift(Color c, double dl) {
        double[] h = ColorMath.toHsl(c);
        return ColorMath.hsl(h[0], h[1], h[2] + dl);
    }

    /** A white product on a white backdrop disappears: nudge the backdrop's lightness away. */
    private static Color separateFromProduct(Color bg, Color product) {
        if (ColorMath.contrast(bg, product) >= 1.25) return bg;
        double[] h = ColorMath.toHsl(bg);
        double l = h[2] > 0.5 ? h[2] - 0.1 : h[2] + 0.1;
        return ColorMath.hsl(h[0], h[1], l);
    }
}
