package dev.cardgen.render;

import java.awt.image.BufferedImage;

/**
 * Where the product's own pixels land on the card: the cut-out carries a transparent margin round
 * the product, so its placed box is larger than the product. The opaque part (alpha ≥ 128) of the
 * cut-out, scaled into the placed box, rounded outwards.
 */
final class ProductBounds {
    private ProductBounds() {}

    static final int OPAQUE = 128;

    /** Null for no placed box or a cut-out with no opaque pixel. */
    static Box placed(BufferedImage cutout, Box placed) {
        if (placed == null) return null;
        int w = cutout.getWidth(), h = cutout.getHeight();
        int minX = w, minY = h, maxX = -1, maxY = -1;
        int[] row = new int[w];
        AlphaRows alpha = new AlphaRows(cutout);
        for (int y = 0; y < h; y++) {
            alpha.read(y, row);
            for (int x = 0; x < w; x++) {
                if (row[x] >= OPAQUE) {
                    if (x < minX) minX = x;
                    if (x > maxX) maxX = x;
                    if (y < minY) minY = y;
                    maxY = y;
                }
            }
        }
        if (maxX < 0) return null;
        double sx = (double) placed.w() / w, sy = (double) placed.h() / h;
        int x0 = placed.x() + (int) Math.floor(minX * sx), y0 = placed.y() + (int) Math.floor(minY * sy);
        int x1 = placed.x() + (int) Math.ceil((maxX + 1) * sx), y1 = placed.y() + (int) Math.ceil((maxY + 1) * sy);
        return new Box(x0, y0, x1 - x0, y1 - y0);
    }
}
