package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.TextFitter;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.Font;
import java.awt.font.GlyphVector;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Chinese, Japanese and Korean on a card: real glyphs in the locale's forms, on the same line rhythm as Latin. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class CjkTextTest {
    private static final BufferedImage CUT = Cutouts.bottle(new Color(40, 90, 160));

    static final Map<String, Texts> CARDS = Map.of(
            "zh-Hans", new Texts("不锈钢保温杯，24小时保冷", "双层真空，轻便耐用", List.of("食品级304不锈钢", "容量750毫升"), "热卖"),
            "zh-Hant", new Texts("不鏽鋼保溫杯，24小時保冷", "雙層真空，輕便耐用", List.of("食品級304不鏽鋼", "容量750毫升"), "熱賣"),
            "ja", new Texts("ステンレス水筒「軽量」750ml", "真空二重構造で、冷たさ長持ち", List.of("24時間保冷", "食洗機対応"), "新着"),
            "ko", new Texts("스테인리스 보온병 750ml", "이중 진공 구조로 차가움이 오래 갑니다", List.of("24시간 보냉", "식기세척기 사용 가능"), "인기"));

    @Test
    void everyCjkGlyphIsARealGlyphOfACjkFont() {
        for (Map.Entry<String, Texts> c : CARDS.entrySet()) {
            FontSet.Han region = FontSet.Han.of(c.getKey());
            FontSet.inRegion(region, () -> {
                for (String field : List.of(c.getValue().title(), c.getValue().subtitle(), c.getValue().facts().get(0))) {
                    for (FontSet.Face face : FontSet.Face.values()) {
                        for (FontSet.Run r : FontSet.runs(field, face, 40f)) {
                            Font f = r.font();
                            assertEquals(-1, f.canDisplayUpTo(r.text()), c.getKey() + " " + r.text() + " in " + f.getFontName());
                            GlyphVector gv = f.createGlyphVector(FontSet.FRC, r.text());
                            for (int g = 0; g < gv.getNumGlyphs(); g++) {
                                assertNotEquals(f.getMissingGlyphCode(), gv.getGlyphCode(g), c.getKey() + " " + r.text());
                                // An ideograph's outline is no box: it has ink, more than the four sides of a .notdef.
                                if (r.text().codePoints().anyMatch(cp -> Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN)) {
                                    assertTrue(f.getFontName().contains("CJK"), r.text() + " drawn by " + f.getFontName());
                                }
                            }
                        }
                    }
                }
                return null;
            });
        }
    }

    @Test
    void hanIsDrawnInTheFormsOfTheCardsLocale() {
        // 直 and 骨 differ between Simplified and Traditional Chinese and Japanese type: each locale draws its
        // own. Korean cards draw Hangul in the KR subset, which has no hanja: they take the Traditional forms.
        Map<FontSet.Han, String> fonts = new java.util.EnumMap<>(FontSet.Han.class);
        Map<FontSet.Han, BufferedImage> drawn = new java.util.EnumMap<>(FontSet.Han.class);
        for (FontSet.Han region : FontSet.Han.values()) {
            FontSet.inRegion(region, () -> {
                List<FontSet.Run> runs = FontSet.runs("直骨", FontSet.Face.REGULAR, 64f);
                assertEquals(1, runs.size(), region.toString());
                fonts.put(region, runs.get(0).font().getFontName());
                BufferedImage img = new BufferedImage(160, 90, BufferedImage.TYPE_INT_RGB);
                var g = img.createGraphics();
                g.setColor(Color.WHITE);
                g.fillRect(0, 0, 160, 90);
                g.setColor(Color.BLACK);
                FontSet.layout("直骨", FontSet.Face.REGULAR, 64f, false).draw(g, 8, 70);
                g.dispose();
                drawn.put(region, img);
                return null;
            });
        }
        assertTrue(fonts.get(FontSet.Han.SC).contains("SC"), fonts.toString());
        assertTrue(fonts.get(FontSet.Han.TC).contains("TC"), fonts.toString());
        assertTrue(fonts.get(FontSet.Han.JP).contains("JP"), fonts.toString());
        assertTrue(fonts.get(FontSet.Han.KR).contains("TC"), fonts.toString());
        FontSet.inRegion(FontSet.Han.KR, () -> {
            assertTrue(FontSet.runs("한글", FontSet.Face.BOLD, 40f).get(0).font().getFontName().contains("KR"));
            return null;
        });
        assertTrue(differing(drawn.get(FontSet.Han.SC), drawn.get(FontSet.Han.JP)) > 50, "SC and JP forms of 直骨 look alike");
        assertTrue(differing(drawn.get(FontSet.Han.SC), drawn.get(FontSet.Han.TC)) > 50, "SC and TC forms of 直骨 look alike");
        assertTrue(differing(drawn.get(FontSet.Han.JP), drawn.get(FontSet.Han.TC)) > 50, "JP and TC forms of 直骨 look alike");
        // The card's locale picks them: a Japanese design draws its Han in the JP subset.
        Design ja = Scene.designs(CUT, CARDS.get("ja"), Templates.STUDIO, Ratio.R3_4, 1, 3, "ja").get(0);
        assertEquals(FontSet.Han.JP, ja.hanRegion());
        assertEquals(FontSet.Han.TC, Scene.designs(CUT, CARDS.get("zh-Hans"), Templates.STUDIO, Ratio.R3_4, 1, 3, "zh-Hant").get(0).hanRegion());
        // Designs stored without a locale: the texts decide (kana: Japanese).
        assertEquals(FontSet.Han.JP, Fixtures.design(Templates.STUDIO, LayoutEngine.TEXT_TOP, CARDS.get("ja")).hanRegion());
        assertEquals(FontSet.Han.KR, Fixtures.design(Templates.STUDIO, LayoutEngine.TEXT_TOP, CARDS.get("ko")).hanRegion());
        assertEquals(FontSet.Han.TC, Fixtures.design(Templates.STUDIO, LayoutEngine.TEXT_TOP, CARDS.get("zh-Hant")).hanRegion());
    }

    @Test
    void aCjkCardHasItsTextInkedInItsBoxes() {
        for (Map.Entry<String, Texts> c : CARDS.entrySet()) {
            for (TemplateInfo t : Templates.all()) {
                if (!Templates.of(t.id()).drawsText()) continue;
                Design d = Scene.designs(CUT, c.getValue(), t.id(), Ratio.R3_4, 1, 5, c.getKey()).get(0);
                CardRenderer.Painted with = CardRenderer.paint(d, CUT, 600, 800, true);
                CardRenderer.Painted without = CardRenderer.paint(d, CUT, 600, 800, false);
                Box title = with.layout().title();
                int changed = 0;
                for (int y = title.y(); y < title.bottom(); y++) {
                    for (int x = title.x(); x < title.right(); x++) {
                        if (with.image().getRGB(x, y) != without.image().getRGB(x, y)) changed++;
                    }
                }
                // Drawn glyphs cover a good part of the title box (empty boxes or nothing would not).
                double share = (double) changed / (title.w() * title.h());
                assertTrue(share > 0.08, c.getKey() + "/" + t.id() + " title ink " + share);
                assertEquals(List.of("title", "subtitle", "fact", "fact", "badge"), with.drawn().texts(), c.getKey() + "/" + t.id());
            }
        }
    }

    @Test
    void cjkAndLatinMixedKeepTheLatinLineRhythm() {
        float size = 40f;
        for (FontSet.Face face : List.of(FontSet.Face.BOLD, FontSet.Face.REGULAR, FontSet.Face.BLACK)) {
            FittedText latin = TextFitter.wrap("Gore-Tex jacket XL size 2024 new iPhone 15 case", face, size, 300);
            FittedText mixed = TextFitter.wrap("Gore-Tex防水夹克XL码 2024新款 iPhone 15保护壳", face, size, 300);
            FittedText cjk = TextFitter.wrap("防水透气夹克轻便耐磨新款热卖防水透气夹克", face, size, 300);
            assertTrue(mixed.lines().size() > 1 && cjk.lines().size() > 1);
            for (FittedText t : List.of(mixed, cjk)) {
                assertEquals(latin.lineHeight(), t.lineHeight(), face + " line height");
                assertEquals(latin.ascent(), t.ascent(), face + " first baseline");
                assertEquals(latin.descent(), t.descent(), face + " room under the last line");
            }
            // On one line, an ideograph sits on the Latin baseline: its ink from about the cap height to
            // a little under the baseline, not centred on it nor raised.
            TextLayout line = FontSet.layout("Xg新品", face, size, false);
            TextLayout han = FontSet.layout("新", face, size, false);
            Rectangle2D ink = han.getBounds();
            assertTrue(ink.getMinY() < -0.75 * size && ink.getMinY() > -0.95 * size, face + " ideograph top " + ink.getMinY());
            assertTrue(ink.getMaxY() > 0 && ink.getMaxY() < 0.15 * size, face + " ideograph bottom " + ink.getMaxY());
            assertTrue(line.getBounds().getMaxY() <= Math.max(ink.getMaxY(), FontSet.layout("g", face, size, false).getBounds().getMaxY()) + 0.5);
        }
    }

    private static int differing(BufferedImage a, BufferedImage b) {
        int n = 0;
        for (int y = 0; y < a.getHeight(); y++) for (int x = 0; x < a.getWidth(); x++) if (a.getRGB(x, y) != b.getRGB(x, y)) n++;
        return n;
    }
}
