package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.RealComposites.Kind;
import dev.cardgen.render.fixtures.SubjectScorecard;
import dev.cardgen.render.subject.SubjectExtractor;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Blurred backdrops of the tuning part at 512x384, where two boxes of cat-fur material meet a
 * bright, defocused room over a stretch of their outline with no sharp step at all: the fill leaks
 * through the gap. They are cut out all the same, and where the cues decline (a bag's handle on the
 * blurred cat, a bottle's white shoulder on the sky) the model's outline on the steps is taken.
 * And every cut-out there stops on the crest of the outline's steps, not on their outer rim, and a
 * product leaving the frame does not make the blurred border look like a texture.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SubjectOutlineGapTest {

    private static List<SubjectScorecard.Row> rows;

    @BeforeAll
    static void run() {
        // Only the blurred composites and the scenes are made (the part's sweeps and textures are not needed).
        rows = SubjectScorecard.run(RealComposites.scenes(false, 512, 384, n -> n.startsWith("BLURRED/") || n.startsWith("scene-"))
                .stream().filter(s -> s.kind() == Kind.BLURRED || s.kind() == Kind.NO_PRODUCT).toList(), r -> { });
    }

    @Test
    void aBoxWhoseOutlineFadesIntoABrightRoomIsCutOut() {
        for (String room : new String[] {"blurred-room-apartment.jpg", "blurred-room-workshop.jpg"}) {
            SubjectScorecard.Row box = row("BLURRED/BOX/" + room);
            assertTrue(box.subject().detected(), room);
            assertTrue(box.iou() >= 0.93, room + " IoU " + box.iou());
        }
    }

    @Test
    void whereTheCuesDeclineTheModelsOutlineOnTheStepsIsTaken() {
        // The cues decline these; the model's mask, whose outline lies on the photo's sharp steps, is whole.
        for (String name : new String[] {"BLURRED/BOTTLE/blurred-camera.jpg", "BLURRED/BAG/blurred-chelsea.jpg"}) {
            assertFalse(SubjectExtractor.extractByCues(row(name).scene().image()).detected(), name);
            assertTrue(row(name).subject().detected(), name);
            assertTrue(row(name).iou() >= 0.95, name + " IoU " + row(name).iou());
        }
    }

    @Test
    void noCutoutOnABlurredBackdropIsWrongAndNoSceneIsTakenForAProduct() {
        int blurred = 0;
        for (SubjectScorecard.Row r : rows) {
            if (r.scene().kind() == Kind.NO_PRODUCT) {
                assertFalse(r.subject().detected(), r.scene().name());
                continue;
            }
            blurred++;
            if (r.subject().detected()) {
                assertTrue(r.iou() >= 0.7, r.scene().name() + " IoU " + r.iou());
            }
        }
        assertEquals(22, blurred);
    }

    @Test
    void cutOutsStopOnTheOutlineNotOnTheRimOfTheRoom() {
        // What the steps enclose includes the steps, whose outer half shows the room: before the
        // cut-out was moved onto their crest, the median share of its pixels lying outside the
        // product was 0.060 here (a rim all round); since, 0.020. Since the model's second opinion
        // three more are found (the two above and the bottle before the blurred workshop).
        double[] extra = rows.stream().filter(r -> r.scene().kind() == Kind.BLURRED && r.subject().detected())
                .mapToDouble(SubjectOutlineGapTest::outsideShare).sorted().toArray();
        assertEquals(22, extra.length, "detected");
        assertTrue(extra[extra.length / 2] <= 0.03, "median share outside the product " + extra[extra.length / 2]);
    }

    @Test
    void aBoxLeavingTheFrameInFrontOfABlurredRoomIsCutOut() {
        // Upright, the box runs out of the frame at its right edge: its sharp fur in the border band
        // made the whole border look like a texture, and it was declined there.
        RealComposites.Scene box = RealComposites.scene(false, "BLURRED/BOX/blurred-room-apartment.jpg", 384, 512);
        SubjectScorecard.Row r = SubjectScorecard.run(List.of(box), x -> { }).get(0);
        assertTrue(r.subject().detected(), "detected");
        assertTrue(r.iou() >= 0.95, "IoU " + r.iou());
    }

    /** Pixels of the cut-out (alpha at least half) outside the product, per pixel of the product. */
    private static double outsideShare(SubjectScorecard.Row r) {
        java.awt.image.Raster m = r.subject().mask().getRaster();
        boolean[] truth = r.scene().truth();
        int w = m.getWidth(), outside = 0, product = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i]) product++;
            else if (m.getSample(i % w, i / w, 0) >= 128) outside++;
        }
        return (double) outside / product;
    }

    private static SubjectScorecard.Row row(String name) {
        return rows.stream().filter(r -> r.scene().name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }
}
