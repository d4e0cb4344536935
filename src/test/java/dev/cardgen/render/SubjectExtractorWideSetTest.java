package dev.cardgen.render;

import dev.cardgen.render.fixtures.SyntheticPhotos;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The second standard set of {@link SubjectExtractorTest}: another seed, at a 4:3 size. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class SubjectExtractorWideSetTest {

    @Test
    void segmentsSyntheticProductsCloseToTruth() throws IOException {
        SubjectExtractorTest.assertCloseToTruth(SyntheticPhotos.standardSet(7, 960, 720));
    }
}
