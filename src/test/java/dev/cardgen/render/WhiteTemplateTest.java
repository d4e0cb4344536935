package dev.cardgen.render;

import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.text.Texts;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The white main-image template at every export size and every preview size: the frame is pure
 * #FFFFFF all round, and the product covers at least 85 % of the card along the axis it is fitted
 * to (measured on the painted pixels, not on the layout's box).
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
public class WhiteTemplateTest {

    /** Every export preset's sizes, then the preview sizes of the three ratios. */
    private static final int[][] PRESETS = {{1200, 1600}, {2400, 3200}, {1200, 1200}, {2000, 2000}, {1080, 1920}};
    private static final int[][] PREVIEWS = {{600, 800}, {800, 800}, {450, 800}};
    private static final Texts TEXTS = new Texts("Water bottle", "Steel", List.of("Keeps cold 24 h"), "NEW");

    private static final List<BufferedImage> CUTOUTS = new ArrayList<>();

    @BeforeAll
    static void cutOut() {
        // A tall and a wide product, each through the real subject stage.
        for (SyntheticPhotos.Shape shape : new SyntheticPhotos.Shape[] {SyntheticPhotos.Shape.BOTTLE, SyntheticPhotos.Shape.SHOE}) {
            BufferedImage photo = SyntheticPhotos.product(shape, SyntheticPhotos.Backdrop.LINEAR,
                    SyntheticPhotos.PALETTES.get(1), true, 960, 720, 5).image();
            Subject s = SubjectExtractor.extract(photo);
            assertTrue(s.detected(), shape + " must be detected for this test to mean anything");
            CUTOUTS.add(s.cutout(photo));
        }
    }

    @Test
    void exportsAtEveryPresetHaveAWhiteFrameAndAProductFillingAtLeast85Percent() {
        for (BufferedImage cutout : CUTOUTS) {
            for (Design d : designs(cutout)) {
                for (int[] size : PRESETS) {
                    BufferedImage card = CardRenderer.render(d, cutout, size[0], size[1]);
                    String what = d.arrangement() + " " + size[0] + "x" + size[1] + " product " + cutout.getWidth() + "x" + cutout.getHeight();
                    assertWhiteBorder(card, what);
                    double c = coverage(card);
                    assertTrue(c >= 0.85, what + ": coverage " + c);
                    assertTrue(c <= WhiteTemplate.fill(d.arrangement()) + 0.005, what + ": coverage " + c + " beyond the fill box");
                }
            }
        }
    }

    @Test
    void jpegPreviewsKeepTheFrameExactlyWhite() throws IOException {
        for (BufferedImage cutout : CUTOUTS) {
            for (Design d : designs(cutout)) {
                for (int[] size : PREVIEWS) {
                    BufferedImage card = CardRenderer.render(d, cutout, size[0], size[1]);
                    // The same encoding as a generation's preview.
                    BufferedImage preview = ImageIO.read(new ByteArrayInputStream(ImageEncoder.jpeg(card, 0.88f)));
                    String what = d.arrangement() + " preview " + size[0] + "x" + size[1];
                    assertWhiteBorder(preview, what);
                    // JPEG ringing may tint a pixel or two past the product, so only the lower bound here.
                    assertTrue(coverage(preview) >= 0.85, what + ": coverage " + coverage(preview));
                }
            }
        }
    }

    @Test
    void textsAreKeptInTheDesignButNeverDrawn() {
        BufferedImage cutout = CUTOUTS.get(0);
        Design with = Scene.designs(cutout, TEXTS, Templates.WHITE, Ratio.R3_4, 1, 3).get(0);
        Design without = new Design(with.version(), with.template(), with.ratio(), with.seed(), with.arrangement(),
                with.palette(), new Texts(null, null, null, null));
        assertEquals(TEXTS, with.texts());
        Layout layout = LayoutEngine.layout(with, (double) cutout.getWidth() / cutout.getHeight(), 1200, 1600);
        assertNull(layout.title());
        assertNull(layout.badge());
        assertEquals(List.of(layout.product()), layout.boxes());
        assertArrayEquals(pixels(CardRenderer.render(without, cutout, 600, 800)),
                pixels(CardRenderer.render(with, cutout, 600, 800)));
    }

    @Test
    void variantsDifferInFillAndTheDefaultsGiveNoBadge() {
        List<Design> ds = Scene.designs(CUTOUTS.get(0), null, Templates.WHITE, Ratio.R1_1, 3, 11);
        assertEquals(3, ds.stream().map(Design::arrangement).distinct().count());
        ds.forEach(d -> assertEquals(WhiteTemplate.PALETTE, d.palette()));
        Texts filled = TextFiller.fill(null, "red-bottle.jpg", Templates.WHITE);
        assertEquals(new Texts("Red bottle", null, null, null), filled);
    }

    private static List<Design> designs(BufferedImage cutout) {
        return Scene.designs(cutout, TEXTS, Templates.WHITE, Ratio.R3_4, 3, 42);
    }

    public static void assertWhiteBorder(BufferedImage img, String what) {
        int w = img.getWidth(), h = img.getHeight();
        for (int x = 0; x < w; x++) {
            assertEquals(0xFFFFFF, img.getRGB(x, 0) & 0xFFFFFF, what + " top x=" + x);
            assertEquals(0xFFFFFF, img.getRGB(x, h - 1) & 0xFFFFFF, what + " bottom x=" + x);
        }
        for (int y = 0; y < h; y++) {
            assertEquals(0xFFFFFF, img.getRGB(0, y) & 0xFFFFFF, what + " left y=" + y);
            assertEquals(0xFFFFFF, img.getRGB(w - 1, y) & 0xFFFFFF, what + " right y=" + y);
        }
    }

    /** The box of every pixel that is not pure white; its larger share of the card is the coverage. */
    public static double coverage(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight();
        int minX = w, minY = h, maxX = -1, maxY = -1;
        int[] row = new int[w];
        for (int y = 0; y < h; y++) {
            img.getRGB(0, y, w, 1, row, 0, w);
            for (int x = 0; x < w; x++) {
                if ((row[x] & 0xFFFFFF) != 0xFFFFFF) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = Math.max(maxY, y);
                }
            }
        }
        return maxX < 0 ? 0 : Math.max((maxX - minX + 1) / (double) w, (maxY - minY + 1) / (double) h);
    }

    private static int[] pixels(BufferedImage img) {
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }
}
