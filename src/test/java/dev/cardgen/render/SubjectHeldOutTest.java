package dev.cardgen.render;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.RealComposites.Kind;
import dev.cardgen.render.fixtures.SubjectScorecard;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quality floor of the subject stage on the held-out composites (never tuned on), at a
 * reduced size to stay cheap. The floors are what the stage reaches today (see docs/subject.md),
 * so a regression fails; the targets are higher and not all met yet.
 */
class SubjectHeldOutTest {

    private static List<SubjectScorecard.Row> rows;
    private static Map<Kind, SubjectScorecard.Line> table;

    @BeforeAll
    static void run() {
        rows = SubjectScorecard.run(RealComposites.scenes(true, 512, 384), r -> { });
        table = SubjectScorecard.table(rows);
        System.out.print(SubjectScorecard.format(table));
    }

    @Test
    void sweepsAreDetectedAndCutCloseToTruth() {
        SubjectScorecard.Line l = table.get(Kind.SWEEP);
        // All nine since the detail cue and near pieces (fourth round: 0.962 median at 512x384).
        assertEquals(1.0, l.detectedShare(), "detected share");
        assertTrue(l.medianIou() >= 0.93, "median IoU " + l.medianIou());
        assertEquals(0, l.falsePositives());
    }

    @Test
    void texturedBackdropsGiveCleanCutoutsOrDecline() {
        SubjectScorecard.Line l = table.get(Kind.TEXTURED);
        assertTrue(l.detectedShare() >= 0.6, "detected share " + l.detectedShare());
        // Sixth round (the minimum-cut refinement): 0.928 median at 512x384, was 0.854. Eleventh
        // round (the model's second opinion, rules frozen before this part was run): 0.898, as a
        // cut-out on which the cues and the model disagree is now declined (counted as 0 here).
        // Twelfth round (the model's input about 224x224 pixels, aspect kept, instead of 320x320;
        // chosen on the tuning part):
        // 0.858, as the mug on brick (zoom 1.0) is declined at this size; at 1600x1200 the part's
        // median rose from 0.898 to 0.922.
        assertTrue(l.medianIou() >= 0.85, "median IoU " + l.medianIou());
        assertEquals(0, l.falsePositives(), "wrong cut-outs");
        for (SubjectScorecard.Row r : rows) {
            if (r.scene().kind() == Kind.TEXTURED && r.subject().detected()) {
                assertTrue(r.iou() >= 0.65, r.scene().name() + " IoU " + r.iou());
            }
        }
    }

    @Test
    void blurredBackdropsGiveCleanCutoutsOrDecline() {
        SubjectScorecard.Line l = table.get(Kind.BLURRED);
        assertTrue(l.detectedShare() >= 7 / 9.0, "detected share " + l.detectedShare());
        // Ninth round (the outline on the steps' crest): 0.937 median at 512x384, was 0.898.
        assertTrue(l.medianIou() >= 0.92, "median IoU " + l.medianIou());
        // Known, reported (docs/subject.md): the jar on the blurred deep field is half found in
        // landscape (0.525 at this size before the crest rule thinned its outline, 0.482 since, under
        // the 0.5 the scorecard counts as a wrong cut-out). Every other detection is close to the truth.
        for (SubjectScorecard.Row r : rows) {
            if (r.scene().kind() != Kind.BLURRED || !r.subject().detected()) continue;
            double floor = r.scene().name().contains("JAR/blurred-hubble") ? 0.45 : 0.85;
            assertTrue(r.iou() >= floor, r.scene().name() + " IoU " + r.iou());
        }
    }

    @Test
    void scenesWithoutAProductAreDeclined() {
        // Known, reported miss (docs/subject.md): the astronaut portrait is detected at 1600 px
        // (declined at this size since the two-pieces rule). Everything else is declined. The
        // espresso cup on its table holds a product and is no longer counted here (RealPhotosTest).
        int detected = 0;
        for (SubjectScorecard.Row r : rows) {
            if (r.scene().kind() != Kind.NO_PRODUCT) continue;
            String name = r.scene().name();
            assertFalse(name.contains("coffee"), "the cup on the table is not a scene without a product");
            if (name.contains("astronaut")) {
                detected += r.subject().detected() ? 1 : 0;
                continue;
            }
            assertEquals(false, r.subject().detected(), name);
            assertEquals(new java.awt.Rectangle(0, 0, 512, 384), r.subject().box(), name);
        }
        assertTrue(detected <= 1, "no-product scenes detected: " + detected);
        assertEquals(7, rows.stream().filter(r -> r.scene().kind() == Kind.NO_PRODUCT).count());
    }
}
