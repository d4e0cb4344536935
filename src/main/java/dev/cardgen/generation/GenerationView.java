package dev.cardgen.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardgen.core.JobError;
import dev.cardgen.core.Times;
import dev.cardgen.render.text.Texts;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/** The generation record of GET (README, Generations: what was asked, its status, its variants). */
public record GenerationView(@Schema(required = true) String id, @Schema(required = true, enumeration = "generation") String object,
                             @Schema(required = true, enumeration = {"queued", "running", "completed", "failed"}) String status,
                             @Schema(required = true) int variantsRequested, @Schema(required = true) String assetId,
                             @Schema(required = true, minimum = "1", description = "The asset's cut-out version this generation's product is cut with: the one current when it was created") int cutoutVersion,
                             @Schema(required = true) String projectId,
                             @Schema(required = true, enumeration = {"studio", "bold", "gradient", "infographic", "white"}) String template,
                             @Schema(required = true, nullable = true, enumeration = {"market1", "market2", "market3", "market4", "market5"}) String marketplace,
                             @Schema(required = true, enumeration = {"3:4", "1:1", "9:16"}) String ratio,
                             @Schema(required = true) Texts text,
                             @Schema(required = true, description = "The card's language (BCP 47): the one asked for, else inferred from the texts, Accept-Language, or en", example = "de") String locale,
                             @Schema(required = true) List<VariantView> variants,
                             @Schema(required = true, nullable = true) JobError error,
                             @Schema(required = true, format = "date-time") String streamExpiresAt,
                             @Schema(required = true, format = "date-time") String createdAt,
                             @Schema(required = true, nullable = true, format = "date-time") String startedAt,
                             @Schema(required = true, nullable = true, format = "date-time") String completedAt,
                             @Schema(required = true, nullable = true, description = "The batch this generation is an item of (bat_…); null outside a batch") String batchId,
                             @Schema(required = true, nullable = true, description = "The batch item's reference (the seller's SKU); null outside a batch or when none was given") String reference) {

    public record VariantView(@Schema(required = true) int index,
                              @Schema(required = true, description = "Signed; usable without a key for 24 h") String previewUrl,
                              @Schema(required = true) int width, @Schema(required = true) int height) {
        VariantView withPreviewUrl(String url) {
            return new VariantView(index, url, width, height);
        }
    }

    GenerationView withVariants(List<VariantView> list) {
        return new GenerationView(id, object, status, variantsRequested, assetId, cutoutVersion, projectId, template, marketplace, ratio, text,
                locale, list, error, streamExpiresAt, createdAt, startedAt, completedAt, batchId, reference);
    }

    /** The 202 answer of POST: only what a client needs before the job runs (id, status, stream URL). */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "GenerationCreated")
    public record Created(@Schema(required = true) String id, @Schema(required = true, enumeration = "generation") String object,
                          @Schema(required = true, enumeration = "queued") String status, @Schema(required = true) int variantsRequested,
                          @Schema(required = true, description = "Server-Sent Events of this generation; no key needed, valid until stream_expires_at (15 minutes by default)") String streamUrl,
                          @Schema(required = true, format = "date-time") String streamExpiresAt,
                          @Schema(required = true, format = "date-time") String createdAt) {
        static Created of(Generation g, String streamUrl) {
            return new Created(g.id, "generation", g.status.wire(), g.variantsRequested, streamUrl, Times.iso(g.streamExpiresAt), Times.iso(g.createdAt));
        }
    }
}
