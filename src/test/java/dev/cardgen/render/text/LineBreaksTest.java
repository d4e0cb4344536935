package dev.cardgen.render.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class LineBreaksTest {

    @Test
    void latinBreaksOnlyAtSpaces() {
        assertEquals(List.of(new LineBreaks.Unit("Red", false), new LineBreaks.Unit("running", true), new LineBreaks.Unit("shoes", true)),
                LineBreaks.units("Red running shoes"));
    }

    @Test
    void chineseAndJapaneseBreakBetweenIdeographsAndKana() {
        assertEquals(List.of("保", "温", "杯"), texts("保温杯"));
        assertEquals(List.of("ス", "テ", "ン", "レ", "ス", "の", "水", "筒"), texts("ステンレスの水筒"));
        // A Latin word inside stays whole; a break is allowed on either side of it.
        assertEquals(List.of("iPhone15", "保", "护", "壳"), texts("iPhone15保护壳"));
        assertEquals(List.of(false, false, false, false), LineBreaks.units("iPhone15保护壳").stream().map(LineBreaks.Unit::spaced).toList());
    }

    @Test
    void koreanBreaksBetweenWordsNotSyllables() {
        assertEquals(List.of("스테인리스", "물병", "750ml"), texts("스테인리스 물병 750ml"));
        assertEquals(List.of(false, true, true), LineBreaks.units("스테인리스 물병 750ml").stream().map(LineBreaks.Unit::spaced).toList());
    }

    @Test
    void noLineStartsWithAClosingMarkOrEndsWithAnOpeningOne() {
        // Kinsoku: 。、」）！？ and small kana go with what precedes them, 「（ with what follows.
        assertEquals(List.of("新", "品。"), texts("新品。"));
        assertEquals(List.of("轻", "便、", "耐", "磨"), texts("轻便、耐磨"));
        assertEquals(List.of("「人", "気」", "の", "色！"), texts("「人気」の色！"));
        assertEquals(List.of("（新", "款）"), texts("（新款）"));
        assertEquals(List.of("ジャ", "ケッ", "ト"), texts("ジャケット"));
        assertEquals(List.of("コー", "ト"), texts("コート"));
        assertEquals(List.of("お", "得？"), texts("お得？"));
        for (char close : "。、」）！？ー".toCharArray()) assertFalse(LineBreaks.breaksBetween('新', close), "break before " + close);
        for (char open : "「（【".toCharArray()) assertFalse(LineBreaks.breaksBetween(open, '新'), "break after " + open);
        assertTrue(LineBreaks.breaksBetween('新', '品'));
        assertFalse(LineBreaks.breaksBetween('a', 'b'));
    }

    @Test
    void aWrappedChineseTitleKeepsKinsokuOnEveryLine() {
        String text = "防水透气夹克，轻便耐磨（新款）「热卖」。防水透气夹克，轻便耐磨（新款）「热卖」。";
        for (float size = 20; size <= 40; size += 5) {
            for (int width = 160; width <= 400; width += 40) {
                FittedText t = TextFitter.wrap(text, FontSet.Face.BOLD, size, width);
                assertEquals(text, String.join("", t.lines()), size + "/" + width);
                assertFalse(t.hyphenated(), size + "/" + width);
                assertTrue(t.lines().size() > 1, size + "/" + width);
                for (String line : t.lines()) {
                    assertTrue(LineBreaks.NO_START.indexOf(line.charAt(0)) < 0, "line starts with a closing mark: " + line);
                    assertTrue(LineBreaks.NO_END.indexOf(line.charAt(line.length() - 1)) < 0, "line ends with an opening mark: " + line);
                    assertTrue(t.width(line) <= width, "line wider than " + width + ": " + line);
                }
            }
        }
    }

    private static List<String> texts(String s) {
        return LineBreaks.units(s).stream().map(LineBreaks.Unit::text).toList();
    }
}
