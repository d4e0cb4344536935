package dev.cardgen.generation;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardgen.api.Times;
import dev.cardgen.render.Texts;

import java.util.List;

/** The generation record of GET (DESIGN.md §5). */
public record GenerationView(String id, String object, String status, int variantsRequested, String assetId, String projectId,
                             String template, String marketplace, String ratio, Texts text, List<VariantView> variants,
                             ErrorView error, String streamExpiresAt, String createdAt, String startedAt, String completedAt) {

    public record VariantView(int index, String previewUrl, int width, int height) {
        VariantView withPreviewUrl(String url) {
            return new VariantView(index, url, width, height);
        }
    }

    GenerationView withVariants(List<VariantView> list) {
        return new GenerationView(id, object, status, variantsRequested, assetId, projectId, template, marketplace, ratio, text,
                list, error, streamExpiresAt, createdAt, startedAt, completedAt);
    }

    public record ErrorView(String code, String message) {
    }

    /** The 202 answer of POST: exactly the fields of spec 4.1. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Created(String id, String object, String status, int variantsRequested, String streamUrl,
                          String streamExpiresAt, String createdAt) {
        static Created of(Generation g, String streamUrl) {
            return new Created(g.id, "generation", g.status, g.variantsRequested, streamUrl, Times.iso(g.streamExpiresAt), Times.iso(g.createdAt));
        }
    }
}
