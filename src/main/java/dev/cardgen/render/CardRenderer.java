package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.util.List;

/**
 * The "render" stage and the one place the pipeline is composed:
 * layout → backdrop → shadows → product → texts. A pure function of its inputs.
 */
public final class CardRenderer {
    private CardRenderer() {}

    /** What a template painted besides its backdrop: the texts it drew (element names, in order) and whether it cast a shadow. */
    public record Drawn(List<String> texts, boolean shadow) {
        static final Drawn NOTHING_BUT_PRODUCT = new Drawn(List.of(), false);
    }

    /**
     * A card and what the engine knows of it: {@code product} is the box of the product's own pixels
     * (the cut-out's opaque part, alpha ≥ 50 %) as placed on the card, null when no product is drawn;
     * {@code productScale} the source pixels per card pixel the product was drawn from (below 1:
     * enlarged), null when no product is drawn.
     */
    public record Rendered(BufferedImage image, Box product, List<String> texts, boolean shadow, Double productScale) {
    }

    public static BufferedImage render(Design design, BufferedImage cutout, int width, int height) {
        return paint(design, ProductPixels.of(cutout), width, height, true).image();
    }

    /** The card with what was drawn on it, for checks that must not guess from pixels what the engine already knows. */
    public static Rendered renderWithFacts(Design design, BufferedImage cutout, int width, int height) {
        return renderWithFacts(design, ProductPixels.of(cutout), width, height);
    }

    /**
     * As {@link #renderWithFacts(Design, BufferedImage, int, int)}, the product's box filled from
     * {@code product}: the layout is the cut-out's, the pixels may come from a sharper source.
     */
    public static Rendered renderWithFacts(Design design, ProductPixels product, int width, int height) {
        Painted p = paint(design, product, width, height, true);
        return new Rendered(p.image(), ProductBounds.placed(product.cutout(), p.layout().product()), p.drawn().texts(),
                p.drawn().shadow(), product.scale());
    }

    record Painted(BufferedImage image, Layout layout, Drawn drawn) {
    }

    /** {@code withText=false} lets tests sample exactly what ends up behind the text. */
    static Painted paint(Design design, BufferedImage cutout, int width, int height, boolean withText) {
        return paint(design, ProductPixels.of(cutout), width, height, withText);
    }

    static Painted paint(Design design, ProductPixels product, int width, int height, boolean withText) {
        return paintOn(Canvases.SHARED.take(width, height), design, product, withText);
    }

    /** Paints the card on {@code img}, a black opaque {@code TYPE_INT_RGB} canvas of the card's size. */
    static Painted paintOn(BufferedImage img, Design design, ProductPixels product, boolean withText) {
        return FontSet.inRegion(design.hanRegion(), () -> paintIn(img, design, product, withText));
    }

    private static Painted paintIn(BufferedImage img, Design design, ProductPixels product, boolean withText) {
        int width = img.getWidth(), height = img.getHeight();
        CardTemplate template = Templates.of(design.template());
        BufferedImage cutout = product.cutout();
        double aspect = (double) cutout.getWidth() / cutout.getHeight();
        Layout layout = LayoutEngine.layout(design, aspect, width, height);
        Graphics2D g = img.createGraphics();
        Drawn drawn;
        try {
            hints(g);
            g.setRenderingHint(Backdrop.CANVAS, img);
            drawn = template.paint(g, design, layout, product, withText);
        } finally {
            g.dispose();
        }
        return new Painted(img, layout, drawn);
    }

    /** The card of every template that does not paint its own: backdrop, shadows, product, texts. */
    static Drawn paintStandard(Graphics2D g, CardTemplate template, Design design, Layout layout, ProductPixels product,
                               boolean withText) {
        double s = Math.min(layout.width(), layout.height());
        Palette palette = design.palette();
        Box pr = layout.product();
        BufferedImage scaled = pr == null ? null : product.scaledTo(pr.w(), pr.h());
        ProductCover cover = pr == null ? ProductCover.NONE : ProductCover.of(scaled, pr);
        // Nothing painted under the product's opaque pixels is seen: the backdrop and the shadow leave them out.
        g.setRenderingHint(Backdrop.COVERED, cover);
        template.paintBackdrop(g, layout, ColorMath.parse(palette.background()), ColorMath.parse(palette.backgroundAlt()),
                design.seed());
        g.setRenderingHint(Backdrop.COVERED, ProductCover.NONE);
        if (pr != null) {
            Color shadow = shadowTint(palette);
            ShadowPainter.drop(g, pr, scaled, cover, s, shadow, template.has(CardTemplate.Trait.STANDING) ? 0.16f : 0.28f);
            ShadowPainter.contact(g, pr, product.cutout(), s, shadow);
            g.drawImage(scaled, pr.x(), pr.y(), null);
        }
        List<String> texts = withText ? TextPainter.paint(g, layout, palette, template.has(CardTemplate.Trait.CALLOUTS)) : List.of();
        return new Drawn(texts, pr != null);
    }

    /** Shadows are a deep shade of the backdrop's own hue, which reads as natural light. */
    private static Color shadowTint(Palette p) {
        double[] hsl = ColorMath.toHsl(ColorMath.parse(p.backgroundAlt()));
        return ColorMath.hsl(hsl[0], hsl[1] * 0.6, 0.08);
    }

    private static void hints(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
        g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
        g.setRenderingHint(RenderingHints.KEY_COLOR_RENDERING, RenderingHints.VALUE_COLOR_RENDER_QUALITY);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
    }
}
