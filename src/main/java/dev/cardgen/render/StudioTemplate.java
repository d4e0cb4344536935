package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.EnumSet;
import java.util.List;

/** A wall lit behind the product in a light tint of its colour, fading into a soft floor it stands on. */
final class StudioTemplate implements CardTemplate {

    private static final Look LOOK = new Look(
            new TemplateInfo(Templates.STUDIO, "Studio",
                    "Clean studio backdrop in a light tint of the product's colour, soft floor and contact shadow."),
            List.of(LayoutEngine.TEXT_TOP, LayoutEngine.TEXT_BOTTOM, LayoutEngine.SPLIT),
            List.of(
                    new PaletteBuilder.Scheme("tonal", 0, 0.40, 0.94, 0, 0.32, 0.84),
                    new PaletteBuilder.Scheme("dark", 0, 0.20, 0.22, 0, 0.22, 0.12),
                    new PaletteBuilder.Scheme("complement", 180, 0.45, 0.86, 180, 0.35, 0.78),
                    new PaletteBuilder.Scheme("analogous", 40, 0.55, 0.78, 40, 0.45, 0.70)),
            new TypeScale(FontSet.Face.BOLD, 0.090, 0.040, FontSet.Face.REGULAR),
            Localised.NONE,
            new Localised("badge.new"),
            EnumSet.of(Trait.STANDING));

    @Override
    public Look look() {
        return LOOK;
    }

    @Override
    public void paintBackdrop(Graphics2D g, Layout layout, Color background, Color backgroundAlt, long seed) {
        Backdrop.soft(g, layout, sg -> Backdrop.studio(sg, layout, background, backgroundAlt));
    }
}
