package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.judge.Judgement;
import java.awt.image.DataBufferByte;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Regression floor on the tuning part of the backdrop families: where the backdrop's own rules report no
 * product and the model's map is calm, the model's answer is taken. The bottle on terrazzo is its region
 * (its box cut strays onto the stone: IoU 0.19 at 1600x1200); the shoes before the sky its cut. Before
 * that step both were declined. On a surface judged plain, the cues' mask gives way to the model's answer
 * where the map is calm and the two outlines differ: the box on kraft paper was cut out with part of the
 * paper before (0.78 at 800x600, 0.65 at 1600x1200).
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SubjectModelAnswerTest {

    @ParameterizedTest
    @ValueSource(strings = {"terrazzo/BOTTLE/3", "sky/SHOE_PAIR/4", "kraft-paper/BOX/3"})
    void whereTheRulesFindNothingOrAnotherOutlineACalmModelAnswers(String name) {
        Subject subject = assertFound(name, 0.9);
        assertEquals(Judgement.OFF_PLAIN_CONFIDENCE, subject.confidence(), "the model's answer's confidence");
    }

    /**
     * On a texture, where the cues pass their judge but disagree with the model's cut and the map is restless, the
     * cut is taken where the model's region agrees with it, the cues' mask and the cut nest, and the cut holds little
     * of the surface darkened (decisions 0045, 0047). Both were declined before (the fruit on patterned paper, the
     * pair of shoes on painted wood).
     */
    @ParameterizedTest
    @ValueSource(strings = {"patterned-paper/FRUIT/1", "painted-wood/SHOE_PAIR/3"})
    void whereTheMapIsRestlessTheCutItsRegionAndTheCuesBackIsTaken(String name) {
        assertFound(name, 0.9);
    }

    /**
     * Where the map is calm, the model's box is cut as a seller's box is first (decision 0056): the box's cells that
     * look like the backdrop round it, or like it in shade, stay backdrop. The bags' handle holes were cut out full of
     * brick and of painted wood before (IoU 0.836 and 0.923 at 800x600; now 0.984 and 0.983).
     */
    @ParameterizedTest
    @ValueSource(strings = {"photo-brick/BAG/5", "painted-wood/BAG/4"})
    void aCalmMapsBoxIsCutAsASellersSoAHandlesHoleStaysOpen(String name) {
        assertFound(name, 0.95);
    }

    /** The tuning photo {@code name} at 800x600 is found at IoU ≥ {@code minIou}; its subject. */
    private static Subject assertFound(String name, double minIou) {
        BackdropFamilies.FamilyScene fs = BackdropFamilies.tuning(name, 800, 600);
        Subject subject = SubjectExtractor.extract(fs.scene().image());
        assertTrue(subject.detected(), "detected");
        byte[] mask = ((DataBufferByte) subject.mask().getRaster().getDataBuffer()).getData();
        double iou = SyntheticPhotos.iou(fs.scene().truth(), mask);
        assertTrue(iou >= minIou, "IoU " + iou);
        return subject;
    }
}
