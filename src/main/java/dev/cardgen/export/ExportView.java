package dev.cardgen.export;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The export record on the wire. {@code bytes}, {@code download_url} and {@code expires_at} are
 * present only when ready, {@code error} only when failed: absent, never null, so a client can test
 * for the key.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExportView(String id, String object, String status, String projectId, String generationId, int variant,
                         String preset, String format, int width, int height, Long bytes, String downloadUrl,
                         String expiresAt, ErrorView error, String createdAt, String completedAt) {

    public record ErrorView(String code, String message) {
    }
}
