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
 * Regression floor on the tuning part of the backdrop families: off plain backdrops, where the rules report no
 * product and the model's map is not calm only because more of it is in doubt than a thick product's rim (a
 * spanner's: the rim outweighs the handle) but no more than the region itself, the model's cut is the answer
 * where it agrees with the region (decision 0028). Before, each of these was declined at 1600x1200.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SubjectSteadyModelTest {

    private static final int W = 1600, H = 1200;

    @ParameterizedTest
    @ValueSource(strings = {"photo-gravel/WRENCH/6", "photo-grass/WRENCH/6", "pebbles/BAG/3", "blur-medium/BOTTLE_PAIR/5"})
    void whereTheModelIsSteadyItsCutIsTheAnswer(String name) {
        BackdropFamilies.FamilyScene fs = BackdropFamilies.tuning(name, W, H);
        Subject subject = SubjectExtractor.extract(fs.scene().image());
        assertTrue(subject.detected(), "detected");
        assertEquals(Judgement.OFF_PLAIN_CONFIDENCE, subject.confidence(), "the model's answer's confidence");
        byte[] mask = ((DataBufferByte) subject.mask().getRaster().getDataBuffer()).getData();
        double iou = SyntheticPhotos.iou(fs.scene().truth(), mask);
        assertTrue(iou >= 0.85, "IoU " + iou);
    }
}
