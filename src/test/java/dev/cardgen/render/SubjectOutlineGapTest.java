package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.RealComposites.Kind;
import dev.cardgen.render.fixtures.SubjectScorecard;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Blurred backdrops of the tuning part at 512x384, where two boxes of cat-fur material meet a
 * bright, defocused room over a stretch of their outline with no sharp step at all: the fill leaked
 * through the gap and both were declined. Bridging the gap with a straight line recovers them,
 * and the check that the mask invents little of its own edge keeps the wedges such lines cut
 * elsewhere (a bag's handle on the blurred cat, a bottle's white shoulder on the sky) declined.
 */
class SubjectOutlineGapTest {

    private static List<SubjectScorecard.Row> rows;

    @BeforeAll
    static void run() {
        rows = SubjectScorecard.run(RealComposites.scenes(false, 512, 384).stream()
                .filter(s -> s.kind() == Kind.BLURRED || s.kind() == Kind.NO_PRODUCT).toList(), r -> { });
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
    void aBridgeThatCutsAWedgeOfTheBackdropIsDeclined() {
        // Bridged, these came out at IoU 0.73-0.76 with triangles of sky and fur beside the product.
        for (String name : new String[] {"BLURRED/BOTTLE/blurred-camera.jpg", "BLURRED/BAG/blurred-chelsea.jpg"}) {
            assertFalse(row(name).subject().detected(), name);
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

    private static SubjectScorecard.Row row(String name) {
        return rows.stream().filter(r -> r.scene().name().equals(name)).findFirst().orElseThrow(() -> new AssertionError(name));
    }
}
