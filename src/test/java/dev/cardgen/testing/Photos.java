package dev.cardgen.testing;

import dev.cardgen.render.fixtures.SyntheticPhotos;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Product photos for the HTTP tests: a synthetic product with a shadow on a studio backdrop, as JPEG bytes. */
public final class Photos {
    private Photos() {
    }

    public static byte[] productJpeg(int width, int height) {
        BufferedImage img = SyntheticPhotos.product(SyntheticPhotos.Shape.BOTTLE, SyntheticPhotos.Backdrop.LINEAR,
                SyntheticPhotos.PALETTES.get(0), true, width, height, 7).image();
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(img, "jpg", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
