package dev.cardgen.render;

import java.awt.image.BufferedImage;
import java.util.Optional;

/**
 * The product a card draws: the cut-out, which the layout, the shadows and the product's bounds read,
 * and the pixels drawn into the product's box. Those are the cut-out scaled to the box, unless a
 * {@link Sharper} has more of the product's own pixels for that size (the original photo, when the
 * cut-out is smaller than the box). Remembers how many source pixels each card pixel of the product
 * came from ({@link #scale()}). One instance per card.
 */
public final class ProductPixels {

    /** Pixels of the product at an exact size from a source with more of them than the cut-out. */
    @FunctionalInterface
    public interface Sharper {
        /** The product at exactly {@code w × h} (alpha as the cut-out's), or empty when the cut-out serves as well. */
        Optional<Sharp> at(int w, int h);
    }

    /** The product at a box's size and the source pixels per card pixel it was made from. */
    public record Sharp(BufferedImage image, double scale) {
    }

    private final BufferedImage cutout;
    private final Sharper sharper;
    private Double scale;

    private ProductPixels(BufferedImage cutout, Sharper sharper) {
        this.cutout = cutout;
        this.sharper = sharper;
    }

    /** The cut-out alone, scaled to each box (previews, and cards whose box it covers). */
    public static ProductPixels of(BufferedImage cutout) {
        return new ProductPixels(cutout, null);
    }

    /** The cut-out, with {@code sharper} asked first for the pixels drawn in the box. */
    public static ProductPixels of(BufferedImage cutout, Sharper sharper) {
        return new ProductPixels(cutout, sharper);
    }

    public BufferedImage cutout() {
        return cutout;
    }

    /** The product at exactly {@code w × h}, premultiplied or not, ready to draw. */
    BufferedImage scaledTo(int w, int h) {
        if (sharper != null) {
            Optional<Sharp> sharp = sharper.at(w, h);
            if (sharp.isPresent()) {
                scale = rounded(sharp.get().scale());
                return sharp.get().image();
            }
        }
        scale = rounded(Math.min((double) cutout.getWidth() / w, (double) cutout.getHeight() / h));
        return ProductScaler.scale(cutout, w, h);
    }

    /** Three decimals: what the export record shows and its check judges are the same number. */
    private static double rounded(double scale) {
        return Math.round(scale * 1000) / 1000.0;
    }

    /** Source pixels per card pixel of the drawn product (below 1: enlarged); null while none was drawn. */
    public Double scale() {
        return scale;
    }
}
