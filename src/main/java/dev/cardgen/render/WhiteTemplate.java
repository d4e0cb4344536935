package dev.cardgen.render;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.util.List;
import java.util.Set;

import dev.cardgen.render.text.FontSet;

/**
 * The {@code white} main-image template (the marketplace rule for a listing's first photo): pure
 * #FFFFFF, the product centred and alone, no text, badge or shadow. Coverage is the larger of the
 * product box's width share and height share of the card: the product is contain-fitted into a
 * centred box of {@code fill × width} by {@code fill × height}, so it touches that box along the
 * axis the frame limits it in and covers exactly {@code fill} there. Variants differ in fill only;
 * every fill is at least 0.87, above the 0.85 the rule asks, and keeps ≥ 3.5 % of white at the edge.
 */
final class WhiteTemplate implements CardTemplate {
    static final String FILL_90 = "fill-90", FILL_87 = "fill-87", FILL_93 = "fill-93";
    static final List<String> ARRANGEMENTS = List.of(FILL_90, FILL_87, FILL_93);
    static final Palette PALETTE = new Palette("#FFFFFF", "#FFFFFF", "#1F1F1F", "#1F1F1F", "#4A4A4A", "#1F1F1F",
            "#FFFFFF");
    /** No texts, shadow or schemes: the type scale is the engine's usual one, so nothing that asks is surprised. */
    private static final Look LOOK = new Look(
            new TemplateInfo(Templates.WHITE, "White",
                    "Marketplace main image: the product alone on pure #FFFFFF, filling at least 85% of the frame; "
                            + "no text, badge or shadow. Needs a detected subject."),
            ARRANGEMENTS, List.of(), new TypeScale(FontSet.Face.BOLD, 0.090, 0.040, FontSet.Face.REGULAR),
            Localised.NONE, Localised.NONE, Set.of());

    @Override
    public Look look() {
        return LOOK;
    }

    /** Every variant has the one white palette. */
    @Override
    public Palette palette(ProductColors colors, int scheme) {
        return PALETTE;
    }

    @Override
    public void paintBackdrop(Graphics2D g, Layout layout, Color background, Color backgroundAlt, long seed) {
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, layout.width(), layout.height());
    }

    @Override
    public boolean drawsText() {
        return false;
    }

    @Override
    public boolean needsSubject() {
        return true;
    }

    static double fill(String arrangement) {
        return switch (arrangement == null ? "" : arrangement) {
            case FILL_87 -> 0.87;
            case FILL_93 -> 0.93;
            default -> 0.90;
        };
    }

    @Override
    public Layout layout(Design design, double aspect, int width, int height) {
        double f = fill(design.arrangement());
        int fw = (int) Math.round(width * f), fh = (int) Math.round(height * f);
        Box product = ProductPlacer.fit(new Box((width - fw) / 2, (height - fh) / 2, fw, fh), aspect);
        return new Layout(width, height, new Box(0, 0, width, height), product, null, null, List.of(), null, null,
                null, List.of(), null, 0, true, ARRANGEMENTS.contains(design.arrangement()) ? design.arrangement()
                : FILL_90);
    }

    /** Pure white and the product, scaled bicubically: no shadow, no text. */
    @Override
    public CardRenderer.Drawn paint(Graphics2D g, Design design, Layout layout, ProductPixels product, boolean withText) {
        paintBackdrop(g, layout, Color.WHITE, Color.WHITE, design.seed());
        Box pr = layout.product();
        if (pr != null) {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            g.drawImage(product.scaledTo(pr.w(), pr.h()), pr.x(), pr.y(), null);
        }
        return CardRenderer.Drawn.NOTHING_BUT_PRODUCT;
    }
}
