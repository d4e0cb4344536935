package dev.cardgen.export;

import dev.cardgen.render.Design;
import dev.cardgen.render.Palette;
import dev.cardgen.render.text.Texts;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Native image: types Jackson reads or writes by reflection that Quarkus cannot see from resource
 * signatures (the request is read with treeToValue, the 202 body is a Response entity, the job reads
 * the stored design; render/ itself stays free of Quarkus annotations).
 */
@RegisterForReflection(targets = {CreateExport.class, ExportView.class, dev.cardgen.core.JobError.class, Design.class, Palette.class, Texts.class})
final class ExportReflection {
    private ExportReflection() {
    }
}
