package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.TextFitter;
import dev.cardgen.render.text.Texts;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class LayoutEngineTest {

    @Test
    void everyTemplateArrangementRatioAndTextSetIsWellFormed() {
        int checked = 0;
        for (TemplateInfo t : Templates.all()) {
            if (Templates.WHITE.equals(t.id())) continue; // draws no text by design: WhiteTemplateTest checks it
            for (String arr : LayoutEngine.arrangements(t.id())) {
                for (Map.Entry<String, Texts> texts : Fixtures.TEXTS.entrySet()) {
                    for (int[] size : Fixtures.SIZES) {
                        for (double aspect : Fixtures.ASPECTS) {
                            Design d = Fixtures.design(t.id(), arr, texts.getValue());
                            Layout l = LayoutEngine.layout(d, aspect, size[0], size[1]);
                            String where = t.id() + "/" + arr + "/" + texts.getKey() + "/" + size[0] + "x" + size[1]
                                    + "/" + aspect;
                            check(l, texts.getValue(), aspect, t.id(), where);
                            checked++;
                        }
                    }
                }
            }
        }
        assertEquals(4 * 3 * Fixtures.TEXTS.size() * Fixtures.SIZES.length * Fixtures.ASPECTS.length, checked);
    }

    private static void check(Layout l, Texts texts, double aspect, String template, String where) {
        List<Box> boxes = l.boxes();
        for (Box b : boxes) {
            assertTrue(b.w() > 0 && b.h() > 0, where + " empty box " + b);
            assertTrue(b.inside(l.safeArea()), where + " box " + b + " outside safe area " + l.safeArea());
        }
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                assertFalse(boxes.get(i).intersects(boxes.get(j)),
                        where + " overlap " + boxes.get(i) + " / " + boxes.get(j));
            }
        }
        // Product present, aspect kept within a pixel, and large: no tiny product on any card.
        Box p = l.product();
        assertNotNull(p, where);
        assertTrue(Math.abs(p.w() - p.h() * aspect) <= 1.0 || Math.abs(p.h() - p.w() / aspect) <= 1.0,
                where + " aspect " + p);
        // Its limiting side spans a good part of the card (thin products cannot be judged by area).
        double span = Math.max((double) p.w() / l.safeArea().w(), (double) p.h() / l.safeArea().h());
        assertTrue(span >= 0.4, where + " product too small: " + span + " " + p);

        double s = Math.min(l.width(), l.height());
        TypeScale type = TypeScale.of(template);
        assertEquals(Texts.present(texts.title()), l.title() != null, where + " title presence");
        assertEquals(Texts.present(texts.subtitle()), l.subtitle() != null, where + " subtitle presence");
        assertEquals(Texts.present(texts.badge()), l.badge() != null, where + " badge presence");
        fits(l.titleText(), l.title(), type.titleMin() * s, where + " title");
        fits(l.subtitleText(), l.subtitle(), TypeScale.SUBTITLE_MIN * s, where + " subtitle");
        fits(l.badgeText(), l.badge(), TypeScale.BADGE * s * 0.6 / TextFitter.FLOOR, where + " badge");
        assertEquals(l.facts().size(), l.factTexts().size());
        for (int i = 0; i < l.facts().size(); i++) {
            Box b = l.facts().get(i);
            fits(l.factTexts().get(i), new Box(b.x() + l.factIndent(), b.y(), b.w() - l.factIndent(), b.h()),
                    TypeScale.FACT_MIN * s, where + " fact " + i);
        }
        assertEquals(texts.facts().size(), l.facts().size(), where + " facts dropped");
    }

    private static void fits(FittedText t, Box box, double min, String where) {
        if (box == null) {
            assertNull(t, where);
            return;
        }
        assertNotNull(t, where);
        assertTrue(t.size() >= min * TextFitter.FLOOR - 0.51, where + " size " + t.size() + " < min " + min);
        assertTrue(t.height() <= box.h(), where + " text height " + t.height() + " > " + box.h());
        for (String line : t.lines()) {
            assertFalse(line.isBlank(), where + " blank line");
            double w = t.width(line);
            assertTrue(w <= box.w() + 0.01, where + " line '" + line + "' " + w + " > " + box.w());
        }
    }

    @Test
    void absentTextsGiveTheirSpaceToTheProduct() {
        for (TemplateInfo t : Templates.all()) {
            if (Templates.WHITE.equals(t.id())) continue; // draws no text by design: WhiteTemplateTest checks it
            for (String arr : LayoutEngine.arrangements(t.id())) {
                Layout empty = LayoutEngine.layout(Fixtures.design(t.id(), arr, Fixtures.TEXTS.get("empty")), 0.5,
                        1200, 1600);
                Layout full = LayoutEngine.layout(Fixtures.design(t.id(), arr, Fixtures.TEXTS.get("full")), 0.5,
                        1200, 1600);
                assertTrue(empty.product().h() > full.product().h() * 1.15, t.id() + "/" + arr);
                assertTrue(empty.product().h() >= empty.safeArea().h() * 0.85, t.id() + "/" + arr);
            }
        }
    }

    @Test
    void layoutScalesProportionally() {
        for (TemplateInfo t : Templates.all()) {
            if (Templates.WHITE.equals(t.id())) continue; // draws no text by design: WhiteTemplateTest checks it
            Design d = Fixtures.design(t.id(), LayoutEngine.arrangements(t.id()).get(0), Fixtures.TEXTS.get("full"));
            Layout a = LayoutEngine.layout(d, 0.6, 1200, 1600), b = LayoutEngine.layout(d, 0.6, 2400, 3200);
            assertEquals(a.titleText().lines(), b.titleText().lines(), t.id());
            assertEquals(a.titleText().size() * 2, b.titleText().size(), 1.0, t.id());
            assertEquals(a.product().h() * 2, b.product().h(), 6, t.id());
            assertEquals(a.product().y() * 2, b.product().y(), 8, t.id());
        }
    }

    @Test
    void longTitleIsNeverCutOnlyShrunk() {
        String huge = String.join(" ", java.util.Collections.nCopies(11, "Waterproof"));
        Design d = Fixtures.design(Templates.STUDIO, LayoutEngine.TEXT_TOP, new Texts(huge, null, null, null));
        Layout l = LayoutEngine.layout(d, 0.5, 1200, 1600);
        assertEquals(huge, String.join(" ", l.titleText().lines()));
        assertTrue(l.titleText().size() < TypeScale.of(Templates.STUDIO).titleMax() * 1200);
        Layout shortOne = LayoutEngine.layout(Fixtures.design(Templates.STUDIO, LayoutEngine.TEXT_TOP,
                new Texts("Serum", null, null, null)), 0.5, 1200, 1600);
        assertFalse(shortOne.titleText().hyphenated());
        assertEquals(TypeScale.of(Templates.STUDIO).titleMax() * 1200, shortOne.titleText().size(), 0.51);
    }

    @Test
    void wrapsOnWordBoundaries() {
        FittedText t = TextFitter.wrap("alpha beta gamma delta epsilon", FontSet.Face.REGULAR, 40, 260);
        List<String> words = new ArrayList<>();
        for (String line : t.lines()) words.addAll(List.of(line.split(" ")));
        assertEquals(List.of("alpha", "beta", "gamma", "delta", "epsilon"), words);
        assertTrue(t.lines().size() > 1);
    }
}
