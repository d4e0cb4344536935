package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import java.awt.image.DataBufferByte;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Regression floors on the tuning part of the backdrop families: products on textures and sweeps with a
 * cast shadow beside them. The cut-out holds the product, not its shadow (the card draws its own): before
 * the model's box cut on textures, the textured ones kept 90-96 % of the shadow's pixels in the mask at
 * 1600x1200; before the model was asked about shadow-like regions on sweeps, the sweep ones 68-88 %.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SubjectCastShadowTest {

    private static final int W = 800, H = 600;

    @ParameterizedTest
    @ValueSource(strings = {"cork/SHOE_PAIR/5", "cork/MUG/3", "meadow/MUG/3", "raw-wood/BANANA/0", "patterned-paper/BOTTLE_PAIR/5",
        "sweep-blue/BOTTLE_PAIR/4", "sweep-green/BOX/3", "sweep-yellow/BANANA/0"})
    void theCutOutLeavesTheCastShadowOut(String name) {
        assertShadowLeft(BackdropFamilies.tuning(name, W, H), 0.9, 0.1);
    }

    /**
     * The spanner on the blue sweep: the model scores its cast shadow as product, so only the shadow's smoothness in
     * the sweep's hue leaves it out (decision 0025). Before: IoU 0.62 with 87 % of the shadow kept, a wrong cut-out;
     * now 0.88 with 19 % at 1600x1200 (at 800x600 the thin handle leaves a thinner margin: 0.81).
     */
    @Test
    void aShadowTheModelTakesForProductLeavesOnAColouredSweep() {
        assertShadowLeft(BackdropFamilies.tuning("sweep-blue/WRENCH/6", 1600, 1200), 0.85, 0.25);
    }

    /**
     * On a texture where the cues and the model's cut agree but the model was not sure, the cut's part beyond the model's
     * region, darker than the backdrop round the cut, is cast shadow (decision 0034). Upright, the spanner on raw wood was
     * cut out with 88 % of its shadow (IoU 0.753, a wrong cut-out); now the model's region answers (0.915, 21 %).
     */
    @Test
    void aCutAgreedOnWithItsShadowGivesWayToTheModelsRegion() {
        assertShadowLeft(BackdropFamilies.tuning("raw-wood/WRENCH/6", 1200, 1600), 0.9, 0.25);
    }

    /** The spanner on watercolour paper, so judged, was cut out with 97 % of its shadow (0.751); the map is not calm: declined. */
    @Test
    void aCutAgreedOnWithItsShadowIsDeclinedWhereTheModelIsUnsure() {
        Subject subject = SubjectExtractor.extract(BackdropFamilies.tuning("watercolour-paper/WRENCH/6", 1600, 1200).scene().image());
        assertFalse(subject.detected(), "detected");
    }

    private static void assertShadowLeft(BackdropFamilies.FamilyScene scene, double minIou, double maxShadowKept) {
        Subject subject = SubjectExtractor.extract(scene.scene().image());
        assertTrue(subject.detected(), "detected");
        byte[] m = ((DataBufferByte) subject.mask().getRaster().getDataBuffer()).getData();
        double iou = SyntheticPhotos.iou(scene.scene().truth(), m);
        assertTrue(iou >= minIou, "IoU " + iou);
        boolean[] shadow = scene.shadow();
        int in = 0, all = 0;
        for (int i = 0; i < shadow.length; i++) {
            if (!shadow[i]) continue;
            all++;
            if ((m[i] & 0xff) >= 128) in++;
        }
        assertTrue(all > 0, "the photo has a cast shadow");
        assertTrue(in <= maxShadowKept * all, "shadow kept " + in + " of " + all);
    }
}
