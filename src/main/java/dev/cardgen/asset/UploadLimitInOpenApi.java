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
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.RUNTIME_STARTUP)
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
