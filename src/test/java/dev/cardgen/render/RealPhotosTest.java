package dev.cardgen.render;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import org.junit.jupiter.api.Test;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    /**
     * A handbag on real grass (tuning part of the composites): the backdrop seen through its handle
     * scores like the rest of the lawn, so the hole stays open instead of being cut out as grass.
     */
    @Test
    void aHandlesHoleOnATextureStaysOpen() {
        RealComposites.Scene bag = RealComposites.scenes(false, 512, 384).stream()
                .filter(s -> s.name().equals("TEXTURED/BAG/texture-grass.jpg@1.0")).findFirst().orElseThrow();
        Subject s = SubjectExtractor.extract(bag.image());
        assertTrue(s.detected(), "confidence " + s.confidence());
        byte[] mask = SubjectExtractorTest.bytes(s.mask());
        double iou = SyntheticPhotos.iou(bag.truth(), mask);
        assertTrue(iou >= 0.95, "IoU " + iou);
        int w = bag.image().getWidth();
        boolean[] hole = enclosed(bag.truth(), w, bag.image().getHeight());
        int holePixels = 0, open = 0;
        for (int i = 0; i < hole.length; i++) {
            if (hole[i]) {
                holePixels++;
                if ((mask[i] & 0xff) < 128) open++;
            }
        }
        assertTrue(holePixels > 1000, "the bag's handle encloses a hole: " + holePixels);
        assertTrue(open >= 0.9 * holePixels, open + " of " + holePixels + " hole pixels left out of the cut-out");
    }

    /** Pixels outside the product that the frame cannot reach without crossing it. */
    private static boolean[] enclosed(boolean[] product, int w, int h) {
        boolean[] reached = new boolean[product.length];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int i = 0; i < product.length; i++) {
            int x = i % w, y = i / w;
            if ((x == 0 || y == 0 || x == w - 1 || y == h - 1) && !product[i]) {
                reached[i] = true;
                queue.add(i);
            }
        }
        while (!queue.isEmpty()) {
            int i = queue.poll(), x = i % w, y = i / w;
            int[] next = {x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1};
            for (int j : next) {
                if (j >= 0 && !reached[j] && !product[j]) {
                    reached[j] = true;
                    queue.add(j);
                }
            }
        }
        boolean[] hole = new boolean[product.length];
        for (int i = 0; i < product.length; i++) {
            hole[i] = !product[i] && !reached[i];
        }
        return hole;
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
