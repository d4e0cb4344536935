package dev.cardgen.render;

import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real photographs (CC0, see src/test/resources/photos/README.md). Full-frame textures must not
 * be taken for a product. The espresso cup and saucer stand on a wood grain close to the saucer's
 * colour: the cues alone cannot separate them with confidence, and the learned model's mask, which
 * holds what departs from the wood, is taken.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class RealPhotosTest {

    @Test
    void realTexturesAreNotProducts() throws IOException {
        for (String name : new String[]{"gravel.jpg", "grass.jpg", "brick.jpg"}) {
            BufferedImage photo = load(name);
            Subject s = SubjectExtractor.extract(photo);
            assertFalse(s.detected(), name);
            assertEquals(new Rectangle(0, 0, photo.getWidth(), photo.getHeight()), s.box(), name);
        }
    }

    @Test
    void theCupOnTheWoodenTableIsCutOutWithItsSaucerAndSpoon() throws IOException {
        BufferedImage photo = load("coffee.jpg");
        assertFalse(SubjectExtractor.extractByCues(photo).detected(), "the cues alone decline");
        Subject s = SubjectExtractor.extract(photo);
        assertTrue(s.detected(), "confidence " + s.confidence());
        assertEquals(0.85, s.confidence(), 1e-9, "backed by the model and the texture, not by the cues");
        // The saucer's rim spans x 78-480 and the cup's rim starts at y 17 (read off the photo).
        Rectangle box = s.box();
        assertTrue(Math.abs(box.x - 78) <= 8 && Math.abs(box.x + box.width - 480) <= 8, "box " + box);
        assertTrue(Math.abs(box.y - 17) <= 8 && box.y + box.height >= 385, "box " + box);
        BufferedImage cut = s.cutout(photo);
        int[][] product = {{290, 150}, {130, 250}, {365, 290}, {220, 270}, {440, 200}}; // crema, saucer, spoon, handle, saucer
        int[][] table = {{20, 20}, {570, 40}, {570, 380}, {30, 300}, {40, 120}, {470, 390}};
        for (int[] p : product) {
            assertEquals(255, cut.getRGB(p[0] - box.x, p[1] - box.y) >>> 24, "product at " + p[0] + "," + p[1]);
        }
        for (int[] p : table) {
            assertEquals(0, s.mask().getRaster().getSample(p[0], p[1], 0), "table at " + p[0] + "," + p[1]);
        }
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
