package dev.cardgen.asset;

import dev.cardgen.api.Times;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The asset record of the API (README, Using it): the stored image's facts plus {@code original_filename} and {@code bytes}. */
public record AssetView(@Schema(required = true) String id, @Schema(required = true, enumeration = "asset") String object,
                        @Schema(required = true) String projectId, @Schema(required = true) int width, @Schema(required = true) int height,
                        @Schema(required = true, enumeration = {"image/jpeg", "image/png", "image/webp"}) String mimeType,
                        @Schema(required = true) boolean subjectDetected, @Schema(required = true, nullable = true) String originalFilename,
                        @Schema(required = true) long bytes, @Schema(required = true, format = "date-time") String createdAt) {

    public static AssetView of(Asset a) {
        return new AssetView(a.id, "asset", a.projectId, a.width, a.height, a.mimeType, a.subjectDetected,
                a.originalFilename, a.bytes, Times.iso(a.createdAt));
    }

    @Schema(name = "DeletedAsset")
    public record Deleted(@Schema(required = true) String id, @Schema(required = true, enumeration = "asset") String object,
                          @Schema(required = true) boolean deleted) {
    }
}
