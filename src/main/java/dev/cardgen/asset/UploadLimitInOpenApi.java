package dev.cardgen.asset;

import dev.cardgen.api.ByteSizes;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import io.smallrye.config.SmallRyeConfig;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Operation;

/**
 * The served document quotes the configured file limit. The document built with the application
 * cannot: configuration is read at start-up, so there the description names the key instead.
 * Run when the document is asked for, not at start-up: a start-up filter makes Quarkus build and
 * write the whole document (JSON and YAML) before the application is ready (docs/cold-start.md).
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_PER_REQUEST)
public class UploadLimitInOpenApi implements OASFilter {

    /** Stands for the file limit in descriptions. */
    static final String MAX_BYTES = "cardgen.upload.max-bytes";

    @Override
    public Operation filterOperation(Operation operation) {
        String description = operation.getDescription();
        if (description != null && description.contains(MAX_BYTES)) {
            long maxBytes = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class).getConfigMapping(UploadConfig.class).maxBytes();
            operation.setDescription(description.replace(MAX_BYTES, ByteSizes.readable(maxBytes)));
        }
        return operation;
    }
}
