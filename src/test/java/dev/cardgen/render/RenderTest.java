package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class RenderTest {
    private static final BufferedImage CUT = Cutouts.bottle(new Color(200, 60, 50));

    @Test
    void sameDesignGivesIdenticalPngBytes() {
        for (TemplateInfo t : Templates.all()) {
            Design d = Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 1, 5).get(0);
            byte[] a = ImageEncoder.png(CardRenderer.render(d, CUT, 600, 800));
            byte[] b = ImageEncoder.png(CardRenderer.render(d, CUT, 600, 800));
            assertArrayEquals(a, b, t.id());
        }
    }

    /**
     * An export draws the product its generation kept in memory, or else decodes the copy the generation stored
     * ({@link ImageEncoder#pngInternal}): both must give the same card. Every alpha level (where premultiplying rounds),
     * a hard edge and an opaque product, every template; enlarged (the small ones) and reduced (the bottle).
     */
    @Test
    void aCutOutAndItsStoredCopyDecodedGiveTheSameCard() throws Exception {
        Random r = new Random(5);
        BufferedImage everyAlpha = new BufferedImage(320, 450, BufferedImage.TYPE_INT_ARGB);
        BufferedImage opaque = new BufferedImage(400, 300, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < 450; y++) {
            for (int x = 0; x < 400; x++) {
                if (x < 320) everyAlpha.setRGB(x, y, r.nextInt());
                if (y < 300) opaque.setRGB(x, y, 0xff000000 | r.nextInt());
            }
        }
        for (BufferedImage cut : List.of(everyAlpha, CUT, opaque)) {
            BufferedImage stored = ImageIO.read(new ByteArrayInputStream(ImageEncoder.pngInternal(cut)));
            for (TemplateInfo t : Templates.all()) {
                Design d = Scene.designs(cut, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 1, 5).get(0);
                BufferedImage fromCut = CardRenderer.render(d, cut, 600, 800), fromStored = CardRenderer.render(d, stored, 600, 800);
                assertArrayEquals(fromCut.getRGB(0, 0, 600, 800, null, 0, 600), fromStored.getRGB(0, 0, 600, 800, null, 0, 600),
                        t.id() + " " + cut.getWidth() + "x" + cut.getHeight());
            }
        }
    }

    @Test
    void everyPresetSizeRendersExactlyAndIsReadable() throws Exception {
        int[][] sizes = {{1200, 1600}, {2400, 3200}, {1200, 1200}, {2000, 2000}, {1080, 1920},
                Previews.size(1200, 1600), Previews.size(1080, 1920)};
        Design d = Scene.designs(CUT, Fixtures.TEXTS.get("full"), Templates.STUDIO, Ratio.R3_4, 1, 1).get(0);
        for (int[] s : sizes) {
            BufferedImage img = CardRenderer.render(d, CUT, s[0], s[1]);
            assertEquals(BufferedImage.TYPE_INT_RGB, img.getType());
            BufferedImage back = ImageIO.read(new ByteArrayInputStream(ImageEncoder.png(img)));
            assertEquals(s[0], back.getWidth());
            assertEquals(s[1], back.getHeight());
        }
        BufferedImage jpeg = ImageIO.read(new ByteArrayInputStream(ImageEncoder.jpeg(
                CardRenderer.render(d, CUT, 600, 800), 0.85f)));
        assertEquals(600, jpeg.getWidth());
    }

    @Test
    void jpegOfACardIsTheWritersOwnBytes() throws Exception {
        for (TemplateInfo t : Templates.all()) {
            Design d = Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 1, 7).get(0);
            BufferedImage card = CardRenderer.render(d, CUT, 600, 800);
            assertArrayEquals(SyntheticPhotos.writersJpeg(card, 0.88f), ImageEncoder.jpeg(card, 0.88f), t.id());
        }
    }

    @Test
    void productIsPaintedInsideItsBoxWithShadowBelow() {
        Design d = Scene.designs(CUT, Fixtures.TEXTS.get("short"), Templates.STUDIO, Ratio.R3_4, 1, 3).get(0);
        BufferedImage img = CardRenderer.render(d, CUT, 600, 800);
        Layout l = LayoutEngine.layout(d, (double) CUT.getWidth() / CUT.getHeight(), 600, 800);
        Box p = l.product();
        Color mid = new Color(img.getRGB(p.x() + p.w() / 2, p.y() + p.h() * 85 / 100));
        assertTrue(mid.getRed() > 120 && mid.getGreen() < 110, "product body colour " + mid);
        // The contact shadow darkens the floor just under the base compared with the floor beside it.
        int under = lum(img.getRGB(p.x() + p.w() / 2, p.bottom() + 2));
        int beside = lum(img.getRGB(Math.max(1, p.x() - p.w()), p.bottom() + 2));
        assertTrue(under < beside - 15, "shadow " + under + " vs " + beside);
    }

    private static int lum(int rgb) {
        return (((rgb >> 16) & 255) * 3 + ((rgb >> 8) & 255) * 6 + (rgb & 255)) / 10;
    }

    @Test
    void variantsDifferInArrangementAndPaletteAndAreDeterministic() {
        for (TemplateInfo t : Templates.all()) {
            // White variants share the one palette the marketplace rule allows and differ in fill: WhiteTemplateTest.
            if (Templates.WHITE.equals(t.id())) continue;
            List<Design> a = Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 3, 99);
            assertEquals(a, Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 3, 99));
            assertEquals(3, a.size());
            for (int i = 0; i < a.size(); i++) {
                for (int j = i + 1; j < a.size(); j++) {
                    assertNotEquals(a.get(i).arrangement(), a.get(j).arrangement(), t.id());
                    String b1 = a.get(i).palette().background(), b2 = a.get(j).palette().background();
                    double dist = distance(b1, b2), hue = hueDiff(b1, b2);
                    // Visibly different: far apart in RGB, or a clear hue change that is more than a shade.
                    assertTrue(dist >= 60 || (hue >= 30 && dist >= 25),
                            t.id() + " backgrounds too close: " + b1 + " " + b2 + " " + dist + " " + hue);
                }
            }
            assertNotEquals(a, Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), Ratio.R3_4, 3, 100));
        }
    }

    @Test
    void variantsAreLaidOutDifferentlyAtTheirOwnRatio() {
        double aspect = (double) CUT.getWidth() / CUT.getHeight();
        for (TemplateInfo t : Templates.all()) {
            for (Ratio r : List.of(Ratio.R3_4, Ratio.R9_16)) {
                List<Design> ds = Scene.designs(CUT, Fixtures.TEXTS.get("full"), t.id(), r, 3, 7);
                int w = 1080, h = 1080 * r.h() / r.w();
                List<Layout> ls = ds.stream().map(d -> LayoutEngine.layout(d, aspect, w, h)).toList();
                for (int i = 0; i < ls.size(); i++) {
                    for (int j = i + 1; j < ls.size(); j++) {
                        // Different boxes, or the same boxes with another text alignment.
                        boolean differ = !ls.get(i).boxes().equals(ls.get(j).boxes())
                                || ls.get(i).centered() != ls.get(j).centered();
                        assertTrue(differ, t.id() + " " + r.id() + " " + i + "/" + j + " " + ls.get(i).boxes());
                    }
                }
            }
        }
    }

    private static double hueDiff(String h1, String h2) {
        double d = Math.abs(ColorMath.toHsl(ColorMath.parse(h1))[0] - ColorMath.toHsl(ColorMath.parse(h2))[0]);
        return Math.min(d, 360 - d);
    }

    private static double distance(String h1, String h2) {
        Color a = ColorMath.parse(h1), b = ColorMath.parse(h2);
        int dr = a.getRed() - b.getRed(), dg = a.getGreen() - b.getGreen(), db = a.getBlue() - b.getBlue();
        return Math.sqrt(dr * dr + dg * dg + db * db);
    }

    @Test
    void russianTitleHasEveryGlyph() {
        String title = "Увлажняющая сыворотка «Ёлка» — 30 мл, №1";
        for (FontSet.Face f : FontSet.Face.values()) {
            assertEquals(-1, FontSet.font(f, 40).canDisplayUpTo(title), f.name());
        }
        Design d = Scene.designs(CUT, new Texts(title, "Для всех типов кожи", List.of("Без отдушек"), "ХИТ"),
                Templates.BOLD, Ratio.R9_16, 1, 2).get(0);
        Layout l = LayoutEngine.layout(d, 0.4, 1080, 1920);
        assertEquals(title, String.join(" ", l.titleText().lines()));
        BufferedImage img = CardRenderer.render(d, CUT, 1080, 1920);
        assertEquals(1920, img.getHeight());
    }

    @Test
    void aDesignIsLaidOutAgainForAnotherRatio() {
        Design d = Scene.designs(CUT, Fixtures.TEXTS.get("full"), Templates.GRADIENT, Ratio.R3_4, 1, 4).get(0);
        double aspect = (double) CUT.getWidth() / CUT.getHeight();
        Layout tall = LayoutEngine.layout(d, aspect, 1080, 1920);
        Layout square = LayoutEngine.layout(d, aspect, 1200, 1200);
        assertTrue(tall.product().h() > square.product().h());
        assertEquals(aspect, (double) tall.product().w() / tall.product().h(), 0.01);
        assertEquals(aspect, (double) square.product().w() / square.product().h(), 0.01);
    }

    @Test
    void previewsKeepAspectUnder800() {
        assertArrayEquals(new int[] {600, 800}, Previews.size(1200, 1600));
        assertArrayEquals(new int[] {450, 800}, Previews.size(1080, 1920));
        assertArrayEquals(new int[] {800, 800}, Previews.size(2000, 2000));
        assertArrayEquals(new int[] {500, 300}, Previews.size(500, 300));
    }
}
