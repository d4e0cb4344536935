package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.EnumSet;
import java.util.List;

/** A flat saturated block, heavy left-aligned type, a disc of the second colour behind the product. */
final class BoldTemplate implements CardTemplate {

    private static final Look LOOK = new Look(
            new TemplateInfo(Templates.BOLD, "Bold",
                    "Saturated colour block with heavy, large type and a colour disc behind the product."),
            List.of(LayoutEngine.TEXT_BOTTOM, LayoutEngine.SPLIT, LayoutEngine.TEXT_TOP),
            List.of(
                    new PaletteBuilder.Scheme("tonal", 0, 0.62, 0.40, 0, 0.55, 0.50),
                    new PaletteBuilder.Scheme("complement", 180, 0.55, 0.36, 180, 0.50, 0.46),
                    new PaletteBuilder.Scheme("light", 30, 0.80, 0.80, 30, 0.70, 0.70),
                    new PaletteBuilder.Scheme("dark", 0, 0.35, 0.16, 0, 0.40, 0.26)),
            new TypeScale(FontSet.Face.BLACK, 0.125, 0.042, FontSet.Face.MEDIUM),
            Localised.NONE,
            new Localised("badge.hit"),
            EnumSet.of(Trait.LEFT_ALIGNED, Trait.LOUD));

    @Override
    public Look look() {
        return LOOK;
    }

    @Override
    public void paintBackdrop(Graphics2D g, Layout layout, Color background, Color backgroundAlt, long seed) {
        Backdrop.bold(g, layout, background, backgroundAlt);
    }
}
