package dev.cardgen.testing;

import dev.cardgen.render.fixtures.SyntheticPhotos;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Product photos for the HTTP tests: a synthetic product with a shadow on a studio backdrop, as JPEG bytes. */
public final class Photos {

    /**
     * Made once per size: the photo is the same for a size (a fixed seed), and drawing its soft shadow
     * took about a third of the CPU time of the HTTP test classes when every upload drew it again.
     */
    private static final Map<List<Integer>, byte[]> MADE = new ConcurrentHashMap<>();

    private Photos() {
    }

    public static byte[] productJpeg(int width, int height) {
        return MADE.computeIfAbsent(List.of(width, height), size -> make(width, height)).clone();
    }

    private static byte[] make(int width, int height) {
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
