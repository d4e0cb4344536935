package dev.cardgen.core;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Why a generation or an export ended {@code failed}: {@code {"code","message"}}. */
@Schema(name = "JobError", description = "Why the job failed; null or absent unless status is failed")
public record JobError(@Schema(required = true) String code, @Schema(required = true) String message) {
}
