package dev.cardgen.export;

import dev.cardgen.export.checks.ExportCheck;
import dev.cardgen.render.Design;
import dev.cardgen.render.Palette;
import dev.cardgen.render.text.Texts;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * Native image: types Jackson reads or writes by reflection that Quarkus cannot see from resource
 * signatures (the request is read with treeToValue, the 202 body is a Response entity, the job reads
 * the stored design and the stored checks; render/ itself stays free of Quarkus annotations).
 */
@RegisterForReflection(targets = {CreateExport.class, ExportView.class, dev.cardgen.core.JobError.class, Design.class, Palette.class, Texts.class,
        ExportCheck.class, PresetResource.PresetView.class, PresetResource.PresetSize.class, PresetResource.PresetRule.class,
        PresetResource.PresetLimits.class})
final class ExportReflection {
    private ExportReflection() {
    }
}
