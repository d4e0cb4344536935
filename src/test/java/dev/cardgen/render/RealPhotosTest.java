package dev.cardgen.render;

import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Real photographs (CC0, see src/test/resources/photos/README.md). Full-frame textures must not
 * be taken for a product. The espresso cup stands on a wood grain close to the saucer's colour
 * and runs to the frame's edge: classical segmentation cannot separate it with confidence, and
 * the right answer then is to say so (subject_detected false, the whole image kept) rather than
 * to cut out a wrong shape.
 */
class RealPhotosTest {

    @Test
    void realTexturesAreNotProducts() throws IOException {
        for (String name : new String[]{"gravel.jpg", "grass.jpg"}) {
            Subject s = SubjectExtractor.extract(load(name));
            assertFalse(s.detected(), name);
        }
    }

    @Test
    void anUnclearSceneIsReportedAsUnsureWithTheWholeImageKept() throws IOException {
        BufferedImage photo = load("coffee.jpg");
        Subject s = SubjectExtractor.extract(photo);
        assertFalse(s.detected(), "confidence " + s.confidence());
        assertEquals(new Rectangle(0, 0, photo.getWidth(), photo.getHeight()), s.box());
        BufferedImage cut = s.cutout(photo);
        assertEquals(photo.getWidth(), cut.getWidth());
        assertEquals(255, cut.getRGB(photo.getWidth() / 2, photo.getHeight() / 2) >>> 24, "the product area is kept opaque");
    }

    private static BufferedImage load(String name) throws IOException {
        try (InputStream in = RealPhotosTest.class.getResourceAsStream("/photos/" + name)) {
            BufferedImage img = ImageIO.read(in);
            BufferedImage rgb = new BufferedImage(img.getWidth(), img.getHeight(), BufferedImage.TYPE_INT_RGB);
            rgb.getGraphics().drawImage(img, 0, 0, null);
            return rgb;
        }
    }
}
