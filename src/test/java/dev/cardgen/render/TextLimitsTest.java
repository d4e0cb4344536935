package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.LineBreaks;
import dev.cardgen.render.text.TextFitter;
import dev.cardgen.render.text.Texts;
import java.awt.Font;
import java.awt.font.GlyphVector;
import java.awt.font.TextLayout;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Texts at the API's limits, in every supported script, on every template, arrangement, ratio and
 * size a card is drawn at: every glyph is placed inside its box and the canvas, boxes never overlap,
 * nothing is dropped or cut, and no drawn glyph is the font's missing glyph.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class TextLimitsTest {
    static final int TITLE = 120, SUBTITLE = 160, FACT = 80, BADGE = 24;

    /** Previews (longer side 800) and the export presets' smallest sizes. */
    static final int[][] SIZES = {{600, 800}, {800, 800}, {450, 800}, {1200, 1600}, {1200, 1200}, {1080, 1920}};

    static final Map<String, Texts> CASES = cases();

    static Map<String, Texts> cases() {
        Map<String, Texts> m = new LinkedHashMap<>();
        m.put("latin-limits", limits("Waterproof breathable membrane jacket ", "Wide"));
        m.put("long-words", new Texts("W".repeat(TITLE), "m".repeat(SUBTITLE), Collections.nCopies(6, "W".repeat(FACT)),
                "W".repeat(BADGE)));
        // Among the widest letters that fit at the limits (1.05 em in Roboto Black), see overWideGraphemesAreRefused.
        m.put("wide-letters", new Texts("Щ".repeat(TITLE), "Щ".repeat(SUBTITLE), Collections.nCopies(6, "Щ".repeat(FACT)),
                "Щ".repeat(BADGE)));
        m.put("short-words", limits("a I x ", "W W"));
        m.put("arabic", limits("سترة مقاومة للماء وخفيفة الوزن ", "جديد"));
        m.put("hebrew", limits("מעיל עמיד למים וקל משקל ", "חדש"));
        m.put("devanagari", limits("जलरोधक हल्की जैकेट नई ", "नया"));
        m.put("thai", limits("เสื้อกันน้ำน้ำหนักเบา ", "ใหม่"));
        m.put("georgian", limits("წყალგაუმტარი მსუბუქი ქურთუკი ", "ახალი"));
        m.put("armenian", limits("անջրանցիկ թեթև բաճկոն ", "նոր"));
        m.put("greek-cyrillic", limits("Αδιάβροχο μπουφάν Водонепроницаемая куртка ", "ΝΈΟ"));
        m.put("mixed-rtl-ltr", limits("Gore-Tex سترة 2024 מעיל XL ", "SALE حار"));
        // Right-to-left fields where most lines start with a Latin word: they still read right to left.
        m.put("rtl-latin-lines", limits("سترة Gore-Tex Waterproof XL ", "جديد SALE"));
        m.put("combining", limits("Cafe\u0301 nai\u0308ve Zoe\u0308 n\u0303 A\u030A ", "Ne\u0301e"));
        // Breaking spaces no font has (U+3000, U+1680) are laid out as U+0020; no-break ones are drawn.
        m.put("unicode-spaces", limits("Waterproof\u3000jacket\u1680light\u2003weight 10\u00A0kg 5\u202Fcm ", "NEW\u3000IN"));
        m.put("rtl-marks", limits("מְעִיל עָמִיד سُتْرَةٌ خَفِيفَةٌ ", "جَدِيد"));
        // Letters wider than FontSet.PROVEN_GRAPHEME_EM, few enough that the create-time check lays them out and accepts them.
        m.put("wide-accepted", new Texts("Ⅶ‱ Љ ﷺ jacket Ⅶ‱ Љ ﷺ jacket Ⅶ‱ Љ ﷺ jacket", "Ⅶ Љ subtitle",
                List.of("Ⅶ fact", "‱ fact"), "Ⅶ"));
        return m;
    }

    /**
     * Chinese, Japanese and Korean at the limits: no spaces but Korean's, kinsoku marks at every place a
     * line could break. Each new size costs CJK glyphs a rasterisation for their metrics, so these are
     * checked at one preview size per ratio ({@link #CJK_SIZES}), in a test of their own (with Kazakh and
     * Uzbek, at every size: the method above is near its two minutes on a loaded machine).
     */
    static final Map<String, Texts> CJK_CASES = Map.of(
            "zh-hans", limits("防水透气夹克，轻便耐磨（新款）「热卖」。", "新品"),
            "zh-hant", limits("防水透氣夾克，輕便耐磨（新款）「熱賣」。", "新品"),
            "ja", limits("防水で軽いジャケット。「人気」のカラー、ＸＬサイズも！", "新着"),
            "ko", limits("방수 경량 재킷, 가볍고 튼튼한 소재 (신상) ", "신상"),
            "cjk-latin", limits("Gore-Tex防水夹克XL码 2024新款 iPhone 15保护壳 ", "NEW 新品"),
            // Kazakh and Uzbek letters at the limits (cheap to lay out: every size is checked, below).
            "kazakh", limits("Сусымайтын жеңіл күрте, өлшемі XL, түсі қоңыр ", "ЖАҢА"),
            "uzbek", limits("Suv oʻtkazmaydigan yengil kurtka, oʻlchami XL, rangi jigarrang ", "YANGI"));

    /** One preview size per ratio: 3:4, 1:1, 9:16. */
    static final int[][] CJK_SIZES = {{600, 800}, {800, 800}, {450, 800}};

    /** Every field filled to its limit by repeating a phrase (cut on a character, as a seller might). */
    static Texts limits(String phrase, String badge) {
        List<String> facts = new ArrayList<>();
        for (int i = 0; i < 6; i++) facts.add(fill(i + " " + phrase, FACT));
        return new Texts(fill(phrase, TITLE), fill(phrase, SUBTITLE), facts, fill(badge + " ", BADGE));
    }

    private static String fill(String phrase, int n) {
        StringBuilder b = new StringBuilder();
        while (b.codePointCount(0, b.length()) < n) b.append(phrase);
        int end = b.offsetByCodePoints(0, n);
        // Never end on a lone base whose mark was cut off; strip keeps the field non-blank and trimmed.
        return b.substring(0, end).strip();
    }

    /**
     * Also the create-time check ({@link TextFit#fitsEverywhere}) of every case on every template that
     * draws text: it lays out the same designs at the same sizes, so it is asked right after them, while
     * the fitter's caches still hold their wraps (asked on its own it would fit every text again).
     */
    @Test
    void everyGlyphOfEveryFieldIsPlacedInsideItsBoxAndTheCanvas() {
        int checked = 0, templates = 0;
        for (TemplateInfo t : Templates.all()) {
            if (!Templates.WHITE.equals(t.id())) templates++; // the main-image template carries no text at all (WhiteTemplateTest)
        }
        // Case by case: the templates share faces (studio and gradient their whole type scale), so the next
        // template asks for many of a case's words and wraps again, and the fitter's caches still hold them
        // (template by template, they had been dropped by then). The same layouts, a quarter less CPU.
        for (Map.Entry<String, Texts> c : CASES.entrySet()) {
            for (TemplateInfo t : Templates.all()) {
                if (Templates.WHITE.equals(t.id())) continue;
                for (String arr : LayoutEngine.arrangements(t.id())) {
                    for (int[] size : SIZES) {
                        Design d = Fixtures.design(t.id(), arr, c.getValue());
                        Layout l = LayoutEngine.layout(d, 0.8, size[0], size[1]);
                        check(l, c.getValue(), t.id() + "/" + arr + "/" + c.getKey() + "/" + size[0] + "x" + size[1]);
                        assertTrue(TextFit.fits(l, c.getValue()), t.id() + "/" + arr + "/" + c.getKey() + "/" + size[0] + "x" + size[1]
                                + " the create-time check disagrees with the layout");
                        checked++;
                    }
                }
                assertTrue(TextFit.fitsEverywhere(t.id(), c.getValue()), c.getKey() + " " + t.id() + " refused at create time");
            }
        }
        assertEquals(templates * 3 * CASES.size() * SIZES.length, checked);
        assertTrue(LATIN_LED_RTL_LINES.get() > 0, "no right-to-left line started with a Latin word");
        assertTrue(BROKEN_WORDS.get() > 0, "no long word was broken");
        assertEquals(Templates.all().size() - 1, templates);
    }

    @Test
    void everyCjkKazakhAndUzbekGlyphAtTheLimitsIsPlacedInsideItsBoxOnEveryTemplateAndRatio() {
        int checked = 0;
        // Case by case, as above.
        for (Map.Entry<String, Texts> c : CJK_CASES.entrySet()) {
            for (TemplateInfo t : Templates.all()) {
                if (Templates.WHITE.equals(t.id())) continue;
                for (String arr : LayoutEngine.arrangements(t.id())) {
                    boolean cjk = !c.getKey().equals("kazakh") && !c.getKey().equals("uzbek");
                    for (int[] size : cjk ? CJK_SIZES : SIZES) {
                        Design d = Fixtures.design(t.id(), arr, c.getValue());
                        Layout l = LayoutEngine.layout(d, 0.8, size[0], size[1]);
                        String where = t.id() + "/" + arr + "/" + c.getKey() + "/" + size[0] + "x" + size[1];
                        FontSet.inRegion(d.hanRegion(), () -> {
                            check(l, c.getValue(), where);
                            return null;
                        });
                        assertTrue(TextFit.fits(l, c.getValue()), where + " the create-time check disagrees with the layout");
                        checked++;
                    }
                }
            }
        }
        assertEquals(4 * 3 * ((CJK_CASES.size() - 2) * CJK_SIZES.length + 2 * SIZES.length), checked);
        assertTrue(CJK_BREAKS.get() > 0, "no line broke between ideographs");
    }

    private static void check(Layout l, Texts texts, String where) {
        Box canvas = new Box(0, 0, l.width(), l.height());
        List<Box> boxes = l.boxes();
        for (int i = 0; i < boxes.size(); i++) {
            assertTrue(boxes.get(i).inside(canvas), where + " box outside canvas " + boxes.get(i));
            for (int j = i + 1; j < boxes.size(); j++) {
                assertFalse(boxes.get(i).intersects(boxes.get(j)), where + " overlap " + boxes.get(i) + " / " + boxes.get(j));
            }
        }
        field(l.titleText(), l.title(), texts.title(), l.centered(), where + " title");
        field(l.subtitleText(), l.subtitle(), texts.subtitle(), l.centered(), where + " subtitle");
        assertEquals(texts.facts().size(), l.facts().size(), where + " facts dropped");
        for (int i = 0; i < l.facts().size(); i++) {
            field(l.factTexts().get(i), TextPainter.factTextBox(l, i), texts.facts().get(i), false, where + " fact " + i);
            assertTrue(TextPainter.factTextBox(l, i).inside(l.facts().get(i)), where + " fact text outside its row " + i);
        }
        FittedText b = l.badgeText();
        assertSameText(Texts.badgeCase(texts.badge()), b, where + " badge");
        for (int i = 0; i < b.lines().size(); i++) {
            Point2D.Float at = TextPainter.badgeBaseline(l.badge(), b, i);
            glyphs(b, b.lines().get(i), at, l.badge(), where + " badge");
        }
    }

    private static void field(FittedText t, Box box, String text, boolean centered, String where) {
        int breaks = assertSameText(text, t, where);
        if (LineBreaks.units(Texts.clean(text)).size() == 1) {
            // One long word (the long-words case): every line but the last is a break and ends with the hyphen.
            for (String line : t.lines().subList(0, t.lines().size() - 1)) {
                assertTrue(line.endsWith(TextFitter.HYPHEN), where + " broken line without its hyphen '" + line + "'");
            }
            assertEquals(t.lines().size() - 1, breaks, where + " breaks");
            BROKEN_WORDS.addAndGet(breaks);
        }
        assertEquals(firstStrongIsRightToLeft(text), t.rtl(), where + " direction");
        for (int i = 0; i < t.lines().size(); i++) {
            String line = t.lines().get(i);
            Point2D.Float at = TextPainter.lineOrigin(t, box, centered, i);
            Shaped shaped = glyphs(t, line, at, box, where);
            if (centered) continue;
            // A field is one paragraph: every line takes its direction and is flush with the side it
            // reads from, whatever word the line starts with.
            assertEquals(!t.rtl(), shaped.leftToRight(), where + " '" + line + "'");
            double start = at.x - t.lead(line), end = start + t.width(line);
            if (t.rtl()) {
                assertEquals(box.right(), end, 0.01, where + " right-to-left line not flush right '" + line + "'");
                if (!firstStrongIsRightToLeft(line)) LATIN_LED_RTL_LINES.incrementAndGet();
            } else {
                assertEquals(box.x(), start, 0.01, where + " left-to-right line not flush left '" + line + "'");
            }
        }
    }

    /** Breaks between ideographs or kana, with no space (so the test sees the case it guards). */
    private static final java.util.concurrent.atomic.AtomicInteger CJK_BREAKS = new java.util.concurrent.atomic.AtomicInteger();

    /** Hyphenated breaks seen in one-word fields (so the test sees the case it guards). */
    private static final java.util.concurrent.atomic.AtomicInteger BROKEN_WORDS = new java.util.concurrent.atomic.AtomicInteger();

    /** Right-to-left lines that start with a left-to-right word (so the test sees the case it guards). */
    private static final java.util.concurrent.atomic.AtomicInteger LATIN_LED_RTL_LINES = new java.util.concurrent.atomic.AtomicInteger();

    /** The paragraph direction by the bidi algorithm's rule, read off the characters: the first strong one. */
    static boolean firstStrongIsRightToLeft(String s) {
        for (int cp : s.codePoints().toArray()) {
            byte d = Character.getDirectionality(cp);
            if (d == Character.DIRECTIONALITY_LEFT_TO_RIGHT) return false;
            if (d == Character.DIRECTIONALITY_RIGHT_TO_LEFT || d == Character.DIRECTIONALITY_RIGHT_TO_LEFT_ARABIC) return true;
        }
        return false;
    }

    /**
     * The lines are the text as laid out: each line ends where the text has a space, or inside a word,
     * and then the line ends with the hyphen it added; nothing dropped, nothing else added, a hyphen
     * of the text kept. Returns how many words were broken.
     */
    private static int assertSameText(String text, FittedText t, String where) {
        org.junit.jupiter.api.Assertions.assertNotNull(t, where + " dropped");
        String clean = Texts.clean(text);
        int at = 0, breaks = 0;
        for (int i = 0; i < t.lines().size(); i++) {
            String line = t.lines().get(i);
            boolean last = i == t.lines().size() - 1;
            int end = at + line.length();
            if (clean.startsWith(line, at) && (last ? end == clean.length() : clean.startsWith(" ", end))) {
                at = last ? end : end + 1;
                continue;
            }
            // Between ideographs or kana a line breaks with no space, and never before a closing or after an opening mark.
            if (!last && clean.startsWith(line, at) && end < clean.length() && !line.isEmpty()
                    && LineBreaks.breaksBetween(line.codePointBefore(line.length()), clean.codePointAt(end))) {
                at = end;
                CJK_BREAKS.incrementAndGet();
                continue;
            }
            assertTrue(!last && line.endsWith(TextFitter.HYPHEN), where + " line " + i + " '" + line
                    + "' is neither the text at " + at + " nor a word broken with a hyphen");
            String part = line.substring(0, line.length() - TextFitter.HYPHEN.length());
            end = at + part.length();
            assertTrue(!part.isEmpty() && clean.startsWith(part, at) && end < clean.length() && clean.charAt(end) != ' ',
                    where + " line " + i + " '" + line + "' is not a break inside the word at " + at);
            at = end;
            breaks++;
        }
        assertEquals(clean.length(), at, where + " text changed");
        assertEquals(breaks > 0, t.hyphenated(), where + " hyphenated");
        return breaks;
    }

    /** Returns the line as laid out for drawing. */
    private static Shaped glyphs(FittedText t, String line, Point2D.Float at, Box box, String where) {
        Shaped shaped = shaped(t, line, where);
        Rectangle2D ink = shaped.ink().getBounds2D();
        ink.setRect(ink.getX() + at.x, ink.getY() + at.y, ink.getWidth(), ink.getHeight());
        // Half a pixel of antialiasing slack; anything beyond is a glyph drawn outside its box.
        assertTrue(ink.getMinX() >= box.x() - 0.5 && ink.getMaxX() <= box.right() + 0.5
                        && ink.getMinY() >= box.y() - 0.5 && ink.getMaxY() <= box.bottom() + 0.5,
                where + " '" + line + "' ink " + ink + " outside " + box);
        return shaped;
    }

    /** A line as drawn: its ink around its origin and its direction. */
    private record Shaped(Rectangle2D ink, boolean leftToRight) {}

    private record LineKey(String line, FontSet.Face face, float size, boolean rtl, FontSet.Han region) {}

    /** The same line at the same size recurs across templates, arrangements and canvases: shaped and checked once. */
    private static final Map<LineKey, Shaped> SHAPED = new ConcurrentHashMap<>();

    /** The line shaped as drawn; the first time, every glyph is checked not to be its font's missing glyph. */
    private static Shaped shaped(FittedText t, String line, String where) {
        return SHAPED.computeIfAbsent(new LineKey(line, t.face(), t.size(), t.rtl(), FontSet.region()), k -> {
            for (FontSet.Run r : FontSet.runs(line, t.face(), t.size())) {
                Font f = r.font();
                GlyphVector gv = f.createGlyphVector(FontSet.FRC, r.text());
                for (int g = 0; g < gv.getNumGlyphs(); g++) {
                    int cp = r.text().codePointAt(Math.min(gv.getGlyphCharIndex(g), r.text().length() - 1));
                    assertNotEquals(f.getMissingGlyphCode(), gv.getGlyphCode(g),
                            where + " missing glyph for U+" + Integer.toHexString(cp) + " in " + f.getFontName());
                }
            }
            TextLayout tl = FontSet.layout(line, t.face(), t.size(), t.rtl());
            return new Shaped(tl.getBounds(), tl.isLeftToRight());
        });
    }

    @Test
    void charactersNoBundledFontHasAreReportedAndEverythingElseIsDrawable() {
        List<Texts> all = new ArrayList<>(CASES.values());
        all.addAll(CJK_CASES.values());
        for (Texts t : all) {
            List<String> fields = new ArrayList<>(List.of(t.title(), t.subtitle(), Texts.badgeCase(t.badge())));
            fields.addAll(t.facts());
            for (String s : fields) assertEquals(List.of(), FontSet.undrawable(Texts.clean(s)), s);
        }
        assertEquals(List.of(), FontSet.undrawable("Серум 中文 한국어 ひらがな カタカナ 繁體 「」。、！"));
        assertEquals(List.of("😀"), FontSet.undrawable("new 😀 😀"));
        // Han outside every bundled national set (CJK Extension B): still refused.
        assertEquals(List.of("𠀀"), FontSet.undrawable("中 𠀀"));
        // Each code point is in some font (U+0301 in Roboto), but no font has both: the letter would be a box.
        assertEquals(List.of("א\u0301"), FontSet.undrawable("מעיל א\u0301"));
        // Format characters no font has are refused, not waved through as invisible: Java2D would draw a box.
        assertEquals(List.of("\u2060", "\u2066", "\u2069"), FontSet.undrawable("Gore\u2060Tex \u2066XL\u2069"));
        // U+3000 is in the CJK subsets (and laid out as U+0020 all the same, below).
        assertEquals(List.of(), FontSet.undrawable("10\u3000kg"));
        assertEquals(List.of(), FontSet.undrawable(Texts.clean(" 10\u3000kg\u1680\n5\u00A0cm ")));
        assertEquals("10 kg 5\u00A0cm", Texts.clean(" 10\u3000kg\u1680\n5\u00A0cm "));
    }

    @Test
    void overWideGraphemesAreRefused() {
        for (Texts t : CASES.values()) {
            List<String> fields = new ArrayList<>(List.of(t.title(), t.subtitle(), Texts.badgeCase(t.badge())));
            fields.addAll(t.facts());
            for (String s : fields) assertEquals(List.of(), FontSet.tooWide(Texts.clean(s)), s);
        }
        // A bismillah ligature (7.9 em), the three- and two-em dashes, a Roman numeral eight, once each.
        assertEquals(List.of("\uFDFD", "\u2E3B", "\u2E3A", "\u2167"), FontSet.tooWide("بسم \uFDFD \u2E3B\u2E3A\u2167 \uFDFD"));
        // The widest letters sellers type stay: isolated sad and dad (1.42 em), Devanagari AA, Cyrillic SHCHA.
        assertEquals(List.of(), FontSet.tooWide("ص ض आ Щ Љ W"));
        assertTrue(FontSet.em("ص") > 1.4 && FontSet.em("ص") <= FontSet.MAX_GRAPHEME_EM, "sad " + FontSet.em("ص"));
        assertTrue(FontSet.em("\u2E3A") > FontSet.MAX_GRAPHEME_EM, "two-em dash " + FontSet.em("\u2E3A"));
    }

    @Test
    void theCreateTimeFitCheckAcceptsEveryCaseAndRefusesWideLettersAtTheLimits() {
        // Every case is accepted on the templates that draw text in the test above, beside the same layouts.
        for (Texts c : CASES.values()) assertTrue(TextFit.fitsEverywhere(Templates.WHITE, c));
        assertFalse(TextFit.narrow(CASES.get("wide-accepted")), "the wide-accepted case must take the slow path");
        assertTrue(TextFit.narrow(CASES.get("latin-limits")));
        // The measurement behind the fast path: the widest letter under the bound, repeated to every
        // limit, fits every arrangement at every smallest canvas when laid out; the next one does not.
        assertTrue(FontSet.em("∞") <= FontSet.PROVEN_GRAPHEME_EM && FontSet.em("Љ") > FontSet.PROVEN_GRAPHEME_EM);
        Texts infinity = repeated("∞");
        for (TemplateInfo t : Templates.all()) {
            if (Templates.WHITE.equals(t.id())) continue; // no text to place
            for (String arr : LayoutEngine.arrangements(t.id())) {
                for (int[] size : TextFit.SMALLEST) {
                    Layout l = LayoutEngine.layout(Fixtures.design(t.id(), arr, infinity), TextFit.PRODUCT_ASPECT, size[0], size[1]);
                    assertTrue(TextFit.fits(l, infinity), t.id() + "/" + arr + "/" + size[0] + "x" + size[1]);
                }
            }
        }
        for (String letter : List.of("Љ", "Ⅶ")) {
            for (TemplateInfo t : Templates.all()) {
                // The white main image draws no text: nothing to refuse.
                assertEquals(Templates.WHITE.equals(t.id()), TextFit.fitsEverywhere(t.id(), repeated(letter)), letter + " " + t.id());
            }
        }
    }

    private static Texts repeated(String letter) {
        return new Texts(letter.repeat(TITLE), letter.repeat(SUBTITLE), Collections.nCopies(6, letter.repeat(FACT)),
                letter.repeat(BADGE));
    }

    @Test
    void sameDesignGivesSameLayout() {
        Design d = Fixtures.design(Templates.STUDIO, LayoutEngine.TEXT_TOP, CASES.get("mixed-rtl-ltr"));
        assertEquals(LayoutEngine.layout(d, 0.8, 600, 800), LayoutEngine.layout(d, 0.8, 600, 800));
    }
}
