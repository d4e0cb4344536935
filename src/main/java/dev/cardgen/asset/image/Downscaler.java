package dev.cardgen.asset.image;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;

/**
 * High-quality downscale of a TYPE_INT_RGB (or premultiplied TYPE_INT_ARGB_PRE) image: bilinear halving steps, then one last step,
 * bilinear when it reduces by less than 2× (already alias-free after the halvings; Java2D's
 * bicubic costs several times as much there for no visible gain).
 */
final class Downscaler {

    private Downscaler() {
    }

    static BufferedImage fitWithin(BufferedImage img, int maxSide) {
        int w = img.getWidth();
        int h = img.getHeight();
        if (Math.max(w, h) <= maxSide) {
            return img;
        }
        double scale = (double) maxSide / Math.max(w, h);
        int tw = Math.max(1, Math.min(maxSide, (int) Math.round(w * scale)));
        int th = Math.max(1, Math.min(maxSide, (int) Math.round(h * scale)));
        BufferedImage cur = img;
        // Halving keeps each bilinear step's footprint close to the source pixels (no aliasing).
        while (cur.getWidth() / 2 >= tw && cur.getHeight() / 2 >= th) {
            cur = draw(cur, cur.getWidth() / 2, cur.getHeight() / 2, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        }
        if (cur.getWidth() != tw || cur.getHeight() != th) {
            cur = draw(cur, tw, th, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        }
        return cur;
    }

    private static BufferedImage draw(BufferedImage src, int w, int h, Object interpolation) {
        // Premultiplied stays premultiplied: interpolating it weighs each colour by its coverage.
        BufferedImage dst = new BufferedImage(w, h, src.getType() == BufferedImage.TYPE_INT_ARGB_PRE
                ? BufferedImage.TYPE_INT_ARGB_PRE : BufferedImage.TYPE_INT_RGB);
        Graphics2D g = dst.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, interpolation);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(src, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        return dst;
    }
}
