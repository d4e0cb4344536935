package dev.cardgen.render.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Font;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * What lets the fitter leave a line unshaped when the sum of its words' measures leaves
 * {@link TextFitter#INK_SLACK_EM} of room: the bundled fonts' properties it rests on, and the lines of
 * every script drawn against their sums.
 */
@Execution(ExecutionMode.CONCURRENT)
class TextFitterTest {
    private static final float EM = 100f;

    @Test
    void aRobotoCharacterIsShapedAsMeasuredAndReachesPastItsAdvanceByLessThanTheSlack() {
        for (FontSet.Face face : FontSet.Face.values()) {
            Font font = FontSet.font(face, EM);
            // Every character a word measured by its advance may hold: Roboto's, but marks and what needs
            // the bidi algorithm (both shaped), and what the fitter does not trust.
            int[] chars = IntStream.rangeClosed(0, Character.MAX_CODE_POINT).filter(font::canDisplay).toArray();
            List<String> unshaped = new ArrayList<>();
            double left = 0, right = 0;
            int checked = 0;
            for (int cp : chars) {
                String s = Character.toString(cp);
                if (FontSet.eastAsian(cp) || Character.getType(cp) == Character.NON_SPACING_MARK || !FontSet.simple(s, face)) continue;
                TextLayout l = FontSet.layout(s, face, EM, false);
                if (Math.abs(l.getAdvance() - font.getStringBounds(s, FontSet.FRC).getWidth()) > 1e-3) unshaped.add(s);
                if (!FontSet.measuredAsDrawn(s)) continue;
                Rectangle2D ink = l.getBounds();
                left = Math.max(left, -ink.getMinX());
                right = Math.max(right, ink.getMaxX() - l.getAdvance());
                checked++;
            }
            // The soft hyphen and U+F6C3 are measured with an advance, shaped with none.
            assertEquals(List.of("\u00AD", "\uF6C3"), unshaped, face.toString());
            // Greek capitals with a breathing reach 0.29 em left, Ế 0.10 em right.
            assertTrue(checked > 2000 && left > 0.2 * EM && right > 0.05 * EM, face + ": " + checked + ", " + left + " / " + right);
            assertTrue(left + right < TextFitter.INK_SLACK_EM * EM, face + ": " + left / EM + " + " + right / EM + " em");
        }
    }

    @Test
    void aMirroredCharacterChangesItsAdvanceByLessThanItsSlack() {
        int checked = 0;
        for (FontSet.Face face : FontSet.Face.values()) {
            Font font = FontSet.font(face, EM);
            for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
                if (!Character.isMirrored(cp) || !font.canDisplay(cp) || FontSet.eastAsian(cp)) continue;
                String s = Character.toString(cp);
                // Alone in a right-to-left paragraph a neutral takes its level and is drawn mirrored:
                // "(" as ")" (0.006 em wider in Roboto Regular), U+2E04 as U+2E05 (0.06 em).
                TextLayout ltr = FontSet.layout(s, face, EM, false), rtl = FontSet.layout(s, face, EM, true);
                assertEquals(ltr.getAdvance(), rtl.getAdvance(), TextFitter.MIRROR_EM * EM, face + " U+" + Integer.toHexString(cp));
                checked++;
            }
        }
        assertTrue(checked > 100, "mirrored characters checked: " + checked);
        assertEquals(4, TextFitter.mirrored("(XL) «new»"));
    }

    @Test
    void robotoHasNoCharacterDrawnWithACjkFaceButTheTwoToneMarks() {
        for (FontSet.Face face : FontSet.Face.values()) {
            Font font = FontSet.font(face, EM);
            List<Integer> both = IntStream.rangeClosed(0, Character.MAX_CODE_POINT)
                    .filter(cp -> FontSet.eastAsian(cp) && font.canDisplay(cp)).boxed().toList();
            assertEquals(List.of(0x2EA, 0x2EB), both, face.toString());
        }
        assertEquals(0, TextFitter.mirrored("Jacket 防水 ㄅ"));
        // Never left unshaped: a tone mark is measured in Roboto but drawn in a CJK face, the soft hyphen
        // and U+F6C3 lose their advance when shaped, an enclosing mark (U+20DD, U+A670: 0.8 em left of
        // its origin) goes around what precedes it; a space with a mark or a joiner after it, or an
        // Arabic number sign before it, is one grapheme with it, drawn in its font.
        for (String s : List.of("ㄅ\u02EA", "\u02EB", "soft\u00ADhyphen", "\uF6C3", "A\u20DD", "\uA670", "a \u059Db",
                "a \u0903", "a \u200Db", "\u0600 1")) {
            assertEquals(-1, TextFitter.mirrored(s), s);
        }
    }

    /** Lines of every script, as the fitter breaks them, each drawn against the sum of its words and spaces. */
    @Test
    void aLineAsDrawnIsItsWordsSummedWithinTheSlack() {
        List<String> texts = List.of(
                "Waterproof breathable membrane jacket (XL) «light» j-f-j f) [j] {f} Ἂ ϓ ʝ ƒ 10\u00A0kg",
                "Водонепроницаемая куртка Αδιάβροχο μπουφάν Сусымайтын жеңіл күрте",
                "Cafe\u0301 nai\u0308ve Zoe\u0308 n\u0303 A\u030A",
                "سترة مقاومة للماء (جديد) Gore-Tex 2024 «XL» سُتْرَةٌ خَفِيفَةٌ",
                "מעיל עמיד למים (חדש) [XL] מְעִיל עָמִיד jacket",
                "जलरोधक हल्की जैकेट नई किट्ठी", "เสื้อกันน้ำน้ำหนักเบา ใหม่", "წყალგაუმტარი მსუბუქი ქურთუკი",
                "անջրանցիկ թեթև բաճկոն", "防水透气夹克，轻便耐磨（新款）「热卖」。iPhone15保护壳",
                "防水で軽いジャケット。「人気」のカラー、ＸＬサイズも！", "방수 경량 재킷, 가볍고 튼튼한 소재 (신상)",
                // Words that start with a mark: the mark goes with the space before it, and the line is shaped.
                "ᴉΪ \u059D\u08DD۷ᴐὼƨ ᴉΪ \u0301abc Ȑჭӗ");
        int lines = 0;
        double widest = 0;
        for (String text : texts) {
            for (FontSet.Face face : FontSet.Face.values()) {
                for (float size : new float[] {11.5f, 23f, 47.5f}) {
                    for (int width : new int[] {(int) (4 * size), (int) (9 * size), (int) (17 * size)}) {
                        FittedText t = TextFitter.wrap(text, face, size, width);
                        for (String line : t.lines()) {
                            double sum = summed(face, size, line, t.rtl());
                            double drawn = TextFitter.drawn(face, size, line, t.rtl()).width();
                            String where = face + " " + size + " '" + line + "'";
                            int mirrored = TextFitter.mirrored(line);
                            if (mirrored < 0) continue; // always shaped
                            assertTrue(drawn <= sum + (TextFitter.INK_SLACK_EM + mirrored * TextFitter.MIRROR_EM) * size,
                                    where + " drawn " + drawn + " sum " + sum);
                            if (FontSet.simple(line, face) && line.chars().noneMatch(c -> Character.getType(c) == Character.NON_SPACING_MARK)) {
                                assertTrue(drawn >= sum - (TextFitter.ADVANCE_ERROR_EM + mirrored * TextFitter.MIRROR_EM) * size,
                                        where + " drawn " + drawn + " sum " + sum);
                            }
                            widest = Math.max(widest, (drawn - sum) / size);
                            lines++;
                        }
                    }
                }
            }
        }
        assertTrue(lines > 1000, "lines checked: " + lines);
        // The widest reach seen is the left ink of a "j" or a Greek capital with its breathing.
        assertTrue(widest > 0.02, "no line reached past its sum: " + widest);
    }

    /** The line's width as the wrap sums it: each word as measured alone, each space between them. */
    private static double summed(FontSet.Face face, float size, String line, boolean rtl) {
        double sum = 0;
        List<LineBreaks.Unit> units = new ArrayList<>(LineBreaks.units(line));
        for (int i = 0; i < units.size(); i++) {
            if (i > 0 && units.get(i).spaced()) sum += TextFitter.width(face, size, " ", rtl);
            sum += TextFitter.width(face, size, units.get(i).text(), rtl);
        }
        return sum;
    }
}
