package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.zip.Adler32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SegmentedPngTest {

    private static final Executor ON_THE_CALLER = Runnable::run;

    @Test
    void decodesToTheSamePixelsAtSizesAroundTheSegmentJoins() throws Exception {
        int perSegment = SegmentedPng.SEGMENT_ROWS_BYTES / (1 + 3 * 300);
        for (int[] size : new int[][]{{1, 1}, {300, 1}, {300, perSegment}, {300, perSegment + 1}, {300, 3 * perSegment - 1},
                {7, 5000}, {1200, 1600}}) {
            BufferedImage img = noisyCard(size[0], size[1], size[0] * 31 + size[1]);
            byte[] png = SegmentedPng.encode(img);
            BufferedImage back = ImageIO.read(new ByteArrayInputStream(png));
            assertEquals(size[0], back.getWidth());
            assertEquals(size[1], back.getHeight());
            for (int y = 0; y < size[1]; y++) {
                for (int x = 0; x < size[0]; x++) {
                    if ((img.getRGB(x, y) & 0xffffff) != (back.getRGB(x, y) & 0xffffff)) {
                        throw new AssertionError(size[0] + "×" + size[1] + " differs at " + x + "," + y);
                    }
                }
            }
        }
    }

    @Test
    void theBytesDoNotDependOnTheThreadsNorTheRun() {
        BufferedImage img = card(1200, 1600);
        byte[] pooled = SegmentedPng.encode(img);
        assertArrayEquals(pooled, SegmentedPng.encode(img, ON_THE_CALLER));
        assertArrayEquals(pooled, SegmentedPng.encode(img));
    }

    @Test
    void theSegmentsCostAtMostTwoPercentOverOneStream() {
        BufferedImage img = card(1200, 1600);
        int segmented = SegmentedPng.encode(img).length;
        int oneStream = SegmentedPng.encode(img, Integer.MAX_VALUE, ON_THE_CALLER).length;
        assertTrue(segmented <= oneStream * 1.02, segmented + " against " + oneStream);
    }

    @Test
    void aPhotographedProductsCardIsNoLargerThanTheGeneralEncodersLevelSix() {
        BufferedImage cut = Cutouts.photographed("coffee.jpg");
        for (String template : List.of(Templates.STUDIO, Templates.WHITE)) {
            Design d = Scene.designs(cut, Fixtures.TEXTS.get("full"), template, Ratio.R3_4, 1, 1).get(0);
            BufferedImage img = CardRenderer.render(d, cut, 1200, 1600);
            int segmented = SegmentedPng.encode(img).length, general = ImageEncoder.png(img).length;
            assertTrue(segmented <= general, template + ": " + segmented + " against " + general);
        }
    }

    @Test
    void carriesTheSrgbChunkAndItsFallbacksAsTheGeneralEncoder() {
        String segmented = chunks(SegmentedPng.encode(card(120, 160))), general = chunks(ImageEncoder.png(card(120, 160)));
        assertEquals("IHDR sRGB gAMA cHRM", segmented.substring(0, segmented.indexOf(" IDAT")));
        assertEquals(general.substring(0, general.indexOf(" IDAT")), segmented.substring(0, segmented.indexOf(" IDAT")));
        assertTrue(segmented.endsWith(" IEND"), segmented);
    }

    @Test
    void takesOnlyOpaqueIntCards() {
        assertTrue(SegmentedPng.accepts(card(10, 10)));
        assertFalse(SegmentedPng.accepts(new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB)));
        assertFalse(SegmentedPng.accepts(new BufferedImage(10, 10, BufferedImage.TYPE_3BYTE_BGR)));
        assertFalse(SegmentedPng.accepts(card(10, 10).getSubimage(2, 2, 5, 5)));
    }

    @Test
    void adlerOfTwoPartsIsTheAdlerOfTheWhole() {
        byte[] data = new byte[200_000];
        new Random(7).nextBytes(data);
        for (int cut : new int[]{0, 1, 65521, 65522, 100_000, 200_000}) {
            Adler32 a = new Adler32(), b = new Adler32(), whole = new Adler32();
            a.update(data, 0, cut);
            b.update(data, cut, data.length - cut);
            whole.update(data);
            assertEquals(whole.getValue(), SegmentedPng.adler32Combine(a.getValue(), b.getValue(), data.length - cut), "cut at " + cut);
        }
    }

    /** A rendered card: gradients, text and a product, as exports are. */
    private static BufferedImage card(int w, int h) {
        BufferedImage cut = Cutouts.bottle(new Color(200, 60, 50));
        Design d = Scene.designs(cut, Fixtures.TEXTS.get("full"), Templates.STUDIO, Ratio.R3_4, 1, 1).get(0);
        return CardRenderer.render(d, cut, w, h);
    }

    private static BufferedImage noisyCard(int w, int h, long seed) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Random r = new Random(seed);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                img.setRGB(x, y, r.nextInt(4) == 0 ? r.nextInt() : (x * 255 / Math.max(1, w)) << 8 | (y & 0xff));
            }
        }
        return img;
    }

    private static String chunks(byte[] png) {
        StringBuilder out = new StringBuilder();
        int i = 8;
        while (i < png.length) {
            int n = java.nio.ByteBuffer.wrap(png, i, 4).getInt();
            String type = new String(png, i + 4, 4, java.nio.charset.StandardCharsets.US_ASCII);
            if (!(type.equals("IDAT") && out.toString().endsWith("IDAT"))) {
                out.append(out.isEmpty() ? "" : " ").append(type);
            }
            i += 12 + n;
        }
        return out.toString();
    }
}
