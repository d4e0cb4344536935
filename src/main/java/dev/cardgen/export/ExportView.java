package dev.cardgen.export;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardgen.core.JobError;
import dev.cardgen.export.checks.ExportCheck;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * The export record on the wire. {@code bytes}, {@code download_url}, {@code expires_at} and
 * {@code checks} are present only when ready, {@code error} only when failed: absent, never null, so a client can test
 * for the key.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ExportView(@Schema(required = true) String id, @Schema(required = true, enumeration = "export") String object,
                         @Schema(required = true, enumeration = {"processing", "ready", "failed"}) String status,
                         @Schema(required = true) String projectId, @Schema(required = true) String generationId,
                         @Schema(required = true) int variant,
                         @Schema(required = true, enumeration = {"market1-3x4", "market2-3x4", "market3-3x4", "market4-1x1", "market5-1x1", "stories-9x16"}) String preset,
                         @Schema(required = true, enumeration = {"png", "jpeg"}) String format,
                         @Schema(required = true) int width, @Schema(required = true) int height,
                         @Schema(description = "Only when ready") Long bytes,
                         @Schema(description = "Only when ready; signed, usable without a key until expires_at") String downloadUrl,
                         @Schema(description = "Only when ready: 24 h from this read", format = "date-time") String expiresAt,
                         @Schema(description = "Only when failed") JobError error,
                         @Schema(required = true, format = "date-time") String createdAt,
                         @Schema(description = "Once ready or failed", format = "date-time") String completedAt,
                         @Schema(description = "Only when ready: the file checked against its preset's marketplace rule set, "
                                 + "one entry per rule (empty for exports made before checks existed)") List<ExportCheck> checks,
                         @Schema(description = "Only when ready and a product was drawn: source pixels per card pixel of the "
                                 + "product (below 1: enlarged; the product_resolution check fails under 0.8). Absent for exports "
                                 + "made before it was recorded") Double productScale) {
}
