package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.EnumSet;
import java.util.List;

/** A diagonal gradient of the product's hues with three soft lights placed by the variant's seed. */
final class GradientTemplate implements CardTemplate {

    private static final Look LOOK = new Look(
            new TemplateInfo(Templates.GRADIENT, "Gradient",
                    "Diagonal gradient from the product's hues with soft floating shapes."),
            List.of(LayoutEngine.SPLIT, LayoutEngine.TEXT_TOP, LayoutEngine.TEXT_BOTTOM),
            List.of(
                    new PaletteBuilder.Scheme("tonal", 0, 0.60, 0.88, 45, 0.55, 0.76),
                    new PaletteBuilder.Scheme("dark", 0, 0.45, 0.20, 60, 0.45, 0.32),
                    new PaletteBuilder.Scheme("complement", 180, 0.50, 0.84, 140, 0.50, 0.74),
                    new PaletteBuilder.Scheme("analogous", -50, 0.65, 0.74, 10, 0.60, 0.82)),
            new TypeScale(FontSet.Face.BOLD, 0.090, 0.040, FontSet.Face.REGULAR),
            new Localised("subtitle.gradient"),
            new Localised("badge.new"),
            EnumSet.noneOf(Trait.class));

    @Override
    public Look look() {
        return LOOK;
    }

    @Override
    public void paintBackdrop(Graphics2D g, Layout layout, Color background, Color backgroundAlt, long seed) {
        Backdrop.soft(g, layout, sg -> Backdrop.gradient(sg, layout, background, backgroundAlt, seed));
    }
}
