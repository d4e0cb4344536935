package dev.cardgen.asset;

import dev.cardgen.api.Times;

/** The asset record of the API (spec 2.1 plus {@code original_filename} and {@code bytes}). */
public record AssetView(String id, String object, String projectId, int width, int height, String mimeType,
                        boolean subjectDetected, String originalFilename, long bytes, String createdAt) {

    public static AssetView of(Asset a) {
        return new AssetView(a.id, "asset", a.projectId, a.width, a.height, a.mimeType, a.subjectDetected,
                a.originalFilename, a.bytes, Times.iso(a.createdAt));
    }

    public record Deleted(String id, String object, boolean deleted) {
    }
}
