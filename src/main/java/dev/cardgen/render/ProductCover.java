package dev.cardgen.render;

import java.awt.image.BufferedImage;

/**
 * What the product hides: per card row of its box, the longest run of the product's fully opaque
 * pixels, in card coordinates. The product is drawn over backdrop and shadows, source over, and a
 * pixel of alpha 255 replaces what was under it: what is painted there before is never seen, and
 * a painter may leave it out without changing a pixel of the card.
 */
final class ProductCover {
    /** Nothing covered (no product drawn). */
    static final ProductCover NONE = new ProductCover(0, new int[0], new int[0]);

    private final int top;
    private final int[] from;
    private final int[] to;

    private ProductCover(int top, int[] from, int[] to) {
        this.top = top;
        this.from = from;
        this.to = to;
    }

    /** The cover of {@code product}, drawn unscaled with its top left corner at {@code at}'s. */
    static ProductCover of(BufferedImage product, Box at) {
        int w = product.getWidth(), h = product.getHeight();
        int[] from = new int[h], to = new int[h];
        AlphaRows alpha = new AlphaRows(product);
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            alpha.read(y, row);
            int best = 0, bestAt = 0, run = 0;
            for (int x = 0; x < w; x++) {
                if (row[x] == 255) {
                    if (++run > best) {
                        best = run;
                        bestAt = x + 1 - run;
                    }
                } else {
                    run = 0;
                }
            }
            from[y] = at.x() + bestAt;
            to[y] = at.x() + bestAt + best;
        }
        return new ProductCover(at.y(), from, to);
    }

    /** The first covered x of card row {@code y}; not below {@link #to(int)} when the row has none. */
    int from(int y) {
        int i = y - top;
        return i >= 0 && i < from.length ? from[i] : 0;
    }

    /** The x after the last covered one of card row {@code y}; 0 when the row has none. */
    int to(int y) {
        int i = y - top;
        return i >= 0 && i < to.length ? to[i] : 0;
    }
}
