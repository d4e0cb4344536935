package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites.Kind;
import dev.cardgen.render.fixtures.SubjectScorecard;
import java.awt.Rectangle;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The subject stage on drawn wood, fabric and stone (surfaces the real photo set lacks), at a reduced
 * size: no surface alone is taken for a product, and no cut-out there is wrong. The floors are below
 * what the stage reaches today (24 of 25 detected, median IoU 0.987, lowest 0.58, docs/subject.md), so a
 * regression fails.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SubjectProceduralTest {

    private static List<SubjectScorecard.Row> rows;

    @BeforeAll
    static void run() {
        rows = SubjectScorecard.run(ProceduralBackdrops.scenes(512, 384), r -> { });
        System.out.print(SubjectScorecard.format(SubjectScorecard.table(rows)));
    }

    @Test
    void aSurfaceAloneIsDeclined() {
        int surfaces = 0;
        for (SubjectScorecard.Row r : rows) {
            if (r.scene().kind() != Kind.NO_PRODUCT) continue;
            surfaces++;
            assertEquals(false, r.subject().detected(), r.scene().name());
            assertEquals(new Rectangle(0, 0, 512, 384), r.subject().box(), r.scene().name());
        }
        assertEquals(ProceduralBackdrops.SURFACES.size(), surfaces);
    }

    @Test
    void productsOnTheSurfacesAreFoundAndNoCutoutIsWrong() {
        SubjectScorecard.Line l = SubjectScorecard.table(rows).get(Kind.TEXTURED);
        assertEquals(25, l.n());
        assertTrue(l.detectedShare() >= 0.8, "detected share " + l.detectedShare());
        assertTrue(l.medianIou() >= 0.9, "median IoU " + l.medianIou());
        assertEquals(0, l.falsePositives(), "cut-outs with IoU under 0.5");
    }

    /**
     * The bottle's neck leaves the frame at the top: its look lies in the border band, where it must
     * not be learnt as the surface's (before that rule the bottle on stone came out at IoU 0.59,
     * its upper third missing; on dark wood at 0.87).
     */
    @Test
    void aProductLeavingTheFrameIsNotTakenForTheSurface() {
        for (String surface : List.of("wood", "stone")) {
            SubjectScorecard.Row r = rows.stream().filter(x -> x.scene().name().equals("TEXTURED/BOTTLE/procedural-" + surface))
                    .findFirst().orElseThrow();
            boolean[] truth = r.scene().truth();
            boolean leaves = false;
            for (int x = 0; x < 512; x++) leaves |= truth[x];
            assertTrue(leaves, "the bottle reaches the top edge");
            assertTrue(r.subject().detected(), surface);
            assertTrue(r.iou() >= 0.9, surface + " IoU " + r.iou());
        }
    }
}
