package dev.cardgen.asset;

import dev.cardgen.core.Times;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The asset record of the API (README, Using it): the stored image's facts plus {@code original_filename} and {@code bytes}. */
public record AssetView(@Schema(required = true) String id, @Schema(required = true, enumeration = "asset") String object,
                        @Schema(required = true) String projectId, @Schema(required = true) int width, @Schema(required = true) int height,
                        @Schema(required = true, enumeration = {"image/jpeg", "image/png", "image/webp"}) String mimeType,
                        @Schema(required = true) boolean subjectDetected,
                        @Schema(required = true, enumeration = {"auto", "alpha", "hint", "mask"},
                                description = "Where the current cut-out came from: the subject stage, the upload's own alpha, a box hint, or a mask the seller sent") String subjectSource,
                        @Schema(required = true, minimum = "1", description = "The current cut-out's version: 1 at upload, one more for each change; generations use the version current when they were created") int cutoutVersion,
                        @Schema(required = true, nullable = true) String originalFilename,
                        @Schema(required = true) long bytes, @Schema(required = true, format = "date-time") String createdAt) {

    public static AssetView of(Asset a) {
        return new AssetView(a.id, "asset", a.projectId, a.width, a.height, a.mimeType, a.subjectDetected,
                a.subjectSource.id(), a.cutoutVersion, a.originalFilename, a.bytes, Times.iso(a.createdAt));
    }

    @Schema(name = "DeletedAsset")
    public record Deleted(@Schema(required = true) String id, @Schema(required = true, enumeration = "asset") String object,
                          @Schema(required = true) boolean deleted) {
    }
}
