package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class PaletteContrastTest {
    static final List<Color> PRODUCTS = List.of(Color.WHITE, new Color(15, 15, 15), new Color(210, 30, 40),
            new Color(250, 210, 220), new Color(20, 60, 230), new Color(128, 128, 128), new Color(240, 220, 40),
            new Color(30, 160, 90));

    @Test
    void everyTextColourMeetsAaAgainstItsBackgrounds() {
        for (Color product : PRODUCTS) {
            ProductColors pc = ProductColors.of(Cutouts.bottle(product));
            for (TemplateInfo t : Templates.all()) {
                for (int scheme = 0; scheme < PaletteBuilder.SCHEMES; scheme++) {
                    Palette p = PaletteBuilder.build(pc, t.id(), scheme);
                    List<Color> backs = ColorMath.blendEnvelope(ColorMath.parse(p.background()),
                            ColorMath.parse(p.backgroundAlt()));
                    String where = t.id() + "/" + scheme + "/" + product + " " + p;
                    assertTrue(ColorMath.minContrast(ColorMath.parse(p.text()), backs) >= 4.5, where + " text");
                    assertTrue(ColorMath.minContrast(ColorMath.parse(p.mutedText()), backs) >= 4.5, where + " muted");
                    assertTrue(ColorMath.contrast(ColorMath.parse(p.badgeText()),
                            ColorMath.parse(p.badgeBackground())) >= 4.5, where + " badge");
                }
            }
        }
    }

    /** Renders without text and checks every pixel that ends up behind a text box. */
    @Test
    void pixelsBehindTextMeetAa() {
        Texts texts = Fixtures.TEXTS.get("full");
        for (Color product : List.of(Color.WHITE, new Color(15, 15, 15), new Color(210, 30, 40),
                new Color(20, 60, 230))) {
            BufferedImage cut = Cutouts.bottle(product);
            for (TemplateInfo t : Templates.all()) {
                for (Design d : Scene.designs(cut, texts, t.id(), Ratio.R3_4, 3, 11)) {
                    BufferedImage img = CardRenderer.paint(d, cut, 450, 600, false).image();
                    Layout l = LayoutEngine.layout(d, (double) cut.getWidth() / cut.getHeight(), 450, 600);
                    Palette p = d.palette();
                    String where = t.id() + "/" + d.arrangement() + "/" + product;
                    assertBehind(img, l.title(), p.text(), where + " title");
                    assertBehind(img, l.subtitle(), p.mutedText(), where + " subtitle");
                    for (Box b : l.facts()) assertBehind(img, b, p.text(), where + " fact");
                }
            }
        }
    }

    private static void assertBehind(BufferedImage img, Box b, String text, String where) {
        if (b == null) return;
        Color c = ColorMath.parse(text);
        double worst = 21;
        for (int y = b.y(); y < b.bottom(); y += 2) {
            for (int x = b.x(); x < b.right(); x += 2) {
                worst = Math.min(worst, ColorMath.contrast(c, new Color(img.getRGB(x, y))));
            }
        }
        assertTrue(worst >= 4.5, where + " worst contrast " + worst);
    }

    @Test
    void ensureContrastRepairsBadPairs() {
        Color fixed = ColorMath.ensureContrast(new Color(200, 200, 200), List.of(Color.WHITE));
        assertTrue(ColorMath.contrast(fixed, Color.WHITE) >= 4.5);
        Color onGrey = ColorMath.ensureContrast(new Color(120, 120, 120), List.of(new Color(118, 118, 118)));
        assertTrue(ColorMath.contrast(onGrey, new Color(118, 118, 118)) >= 4.5);
        assertTrue(Math.abs(ColorMath.contrast(Color.BLACK, Color.WHITE) - 21) < 1e-9);
    }
}
