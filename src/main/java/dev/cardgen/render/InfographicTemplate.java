package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.EnumSet;
import java.util.List;

/** A calm flat page, the product on a rounded panel, its facts as callouts with drawn icons. */
final class InfographicTemplate implements CardTemplate {

    private static final Look LOOK = new Look(
            new TemplateInfo(Templates.INFOGRAPHIC, "Infographic",
                    "Product beside its key facts, each fact a callout with a small drawn icon."),
            List.of(LayoutEngine.FACTS_RIGHT, LayoutEngine.FACTS_BELOW, LayoutEngine.FACTS_LEFT),
            List.of(
                    new PaletteBuilder.Scheme("tonal", 0, 0.35, 0.95, 0, 0.35, 0.89),
                    new PaletteBuilder.Scheme("dark", 0, 0.25, 0.13, 0, 0.25, 0.20),
                    new PaletteBuilder.Scheme("complement", 180, 0.45, 0.86, 180, 0.40, 0.93),
                    new PaletteBuilder.Scheme("warm", 40, 0.55, 0.80, 40, 0.45, 0.88)),
            new TypeScale(FontSet.Face.BOLD, 0.080, 0.040, FontSet.Face.MEDIUM),
            new Localised("subtitle.infographic"),
            Localised.NONE,
            EnumSet.of(Trait.CALLOUTS, Trait.LEFT_ALIGNED));

    @Override
    public Look look() {
        return LOOK;
    }

    @Override
    public void paintBackdrop(Graphics2D g, Layout layout, Color background, Color backgroundAlt, long seed) {
        Backdrop.infographic(g, layout, background, backgroundAlt);
    }
}
