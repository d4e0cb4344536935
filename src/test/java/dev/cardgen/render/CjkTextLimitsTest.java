package dev.cardgen.render;

import static dev.cardgen.render.TextLimitsTest.SIZES;
import static dev.cardgen.render.TextLimitsTest.limits;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Chinese, Japanese and Korean at the API's limits, with Kazakh and Uzbek, checked as {@link TextLimitsTest}
 * checks the other scripts: no spaces but Korean's, kinsoku marks at every place a line could break.
 * Each new size costs CJK glyphs a rasterisation for their metrics, so these are checked at one preview
 * size per ratio ({@link #SIZES_PER_RATIO}); Kazakh and Uzbek, cheap to lay out, at every size.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class CjkTextLimitsTest {

    static final Map<String, Texts> CASES = Map.of(
            "zh-hans", limits("防水透气夹克，轻便耐磨（新款）「热卖」。", "新品"),
            "zh-hant", limits("防水透氣夾克，輕便耐磨（新款）「熱賣」。", "新品"),
            "ja", limits("防水で軽いジャケット。「人気」のカラー、ＸＬサイズも！", "新着"),
            "ko", limits("방수 경량 재킷, 가볍고 튼튼한 소재 (신상) ", "신상"),
            "cjk-latin", limits("Gore-Tex防水夹克XL码 2024新款 iPhone 15保护壳 ", "NEW 新品"),
            "kazakh", limits("Сусымайтын жеңіл күрте, өлшемі XL, түсі қоңыр ", "ЖАҢА"),
            "uzbek", limits("Suv oʻtkazmaydigan yengil kurtka, oʻlchami XL, rangi jigarrang ", "YANGI"));

    /** One preview size per ratio: 3:4, 1:1, 9:16. */
    static final int[][] SIZES_PER_RATIO = {{600, 800}, {800, 800}, {450, 800}};

    @Test
    void everyCjkKazakhAndUzbekGlyphAtTheLimitsIsPlacedInsideItsBoxOnEveryTemplateAndRatio() {
        int checked = 0;
        // Case by case, as TextLimitsTest: the templates share faces, and the fitter's caches still hold a case's wraps.
        for (Map.Entry<String, Texts> c : CASES.entrySet()) {
            for (TemplateInfo t : Templates.all()) {
                if (Templates.WHITE.equals(t.id())) continue;
                for (String arr : LayoutEngine.arrangements(t.id())) {
                    boolean cjk = !c.getKey().equals("kazakh") && !c.getKey().equals("uzbek");
                    for (int[] size : cjk ? SIZES_PER_RATIO : SIZES) {
                        Design d = Fixtures.design(t.id(), arr, c.getValue());
                        Layout l = LayoutEngine.layout(d, 0.8, size[0], size[1]);
                        String where = t.id() + "/" + arr + "/" + c.getKey() + "/" + size[0] + "x" + size[1];
                        FontSet.inRegion(d.hanRegion(), () -> {
                            TextLimitsTest.check(l, c.getValue(), where);
                            return null;
                        });
                        assertTrue(TextFit.fits(l, c.getValue()), where + " the create-time check disagrees with the layout");
                        checked++;
                    }
                }
            }
        }
        assertEquals(4 * 3 * ((CASES.size() - 2) * SIZES_PER_RATIO.length + 2 * SIZES.length), checked);
        assertTrue(TextLimitsTest.CJK_BREAKS.get() > 0, "no line broke between ideographs");
    }
}
