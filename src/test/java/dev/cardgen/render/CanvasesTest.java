package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class CanvasesTest {

    private static final BufferedImage CUT = Cutouts.bottle(new Color(200, 60, 50));

    /** A card kept lends its array to the next card of its size: black again, the same kind of image, lent once. */
    @Test
    void aKeptCardIsTakenAgainClearedAsANewOne() {
        Canvases pool = new Canvases();
        BufferedImage first = pool.take(1200, 1600);
        assertEquals(BufferedImage.TYPE_INT_RGB, first.getType());
        paintOver(first, Color.ORANGE);
        pool.keep(first);
        BufferedImage second = pool.take(1200, 1600);
        assertSame(pixels(first), pixels(second), "the array is lent again");
        assertEquals(BufferedImage.TYPE_INT_RGB, second.getType());
        assertArrayEquals(pixels(new BufferedImage(1200, 1600, BufferedImage.TYPE_INT_RGB)), pixels(second), "cleared to black");
        assertNotSame(pixels(second), pixels(pool.take(1200, 1600)), "an array lent out is not lent twice");
    }

    /** Small cards (previews) are never kept; a kept array goes only to a card of its pixel count; at most KEPT are kept. */
    @Test
    void onlyLargeCardsShareArraysAndOnlyAFew() {
        Canvases pool = new Canvases();
        BufferedImage preview = pool.take(600, 800);
        pool.keep(preview);
        assertNotSame(pixels(preview), pixels(pool.take(600, 800)));
        BufferedImage big = pool.take(2000, 2000);
        pool.keep(big);
        assertNotSame(pixels(big), pixels(pool.take(1200, 1600)));
        assertSame(pixels(big), pixels(pool.take(2000, 2000)));
        BufferedImage a = pool.take(1200, 1600), b = pool.take(1200, 1600), c = pool.take(1200, 1600);
        pool.keep(a);
        pool.keep(b);
        pool.keep(c);
        assertSame(pixels(b), pixels(pool.take(1200, 1600)), "the oldest was let go");
        assertSame(pixels(c), pixels(pool.take(1200, 1600)));
        assertNotSame(pixels(a), pixels(pool.take(1200, 1600)));
    }

    /** A card painted on a lent array is the card painted on a new one, pixel for pixel, in every template. */
    @Test
    void cardsOnLentArraysAreTheSameCards() {
        Canvases pool = new Canvases();
        for (TemplateInfo t : Templates.all()) {
            Design d = Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 1, 5).get(0);
            BufferedImage fresh = CardRenderer.paintOn(new BufferedImage(1200, 1600, BufferedImage.TYPE_INT_RGB), d,
                    ProductPixels.of(CUT), true).image();
            BufferedImage dirty = pool.take(1200, 1600);
            paintOver(dirty, Color.MAGENTA);
            pool.keep(dirty);
            BufferedImage lent = CardRenderer.paintOn(pool.take(1200, 1600), d, ProductPixels.of(CUT), true).image();
            assertSame(pixels(dirty), pixels(lent), t.id() + ": painted on the lent array");
            assertArrayEquals(pixels(fresh), pixels(lent), t.id());
        }
    }

    private static void paintOver(BufferedImage img, Color c) {
        Graphics2D g = img.createGraphics();
        g.setColor(c);
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.dispose();
    }

    private static int[] pixels(BufferedImage img) {
        return ((DataBufferInt) img.getRaster().getDataBuffer()).getData();
    }
}
