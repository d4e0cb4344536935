package dev.cardgen.export;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardgen.api.ListResponse;
import dev.cardgen.export.checks.RuleSet;
import dev.cardgen.export.checks.RuleSets;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.List;

/** The export presets: their sizes, and the marketplace rule set every export at that preset is checked against. */
@Path("/api/v1/presets")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Presets", description = "Marketplace output sizes and the rules an export is checked against")
public class PresetResource {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PresetView(@Schema(required = true) String id, @Schema(required = true, enumeration = "preset") String object,
                             @Schema(required = true, enumeration = {"3:4", "1:1", "9:16"}) String ratio,
                             @Schema(required = true, description = "Allowed export sizes; the first is the default") List<PresetSize> sizes,
                             @Schema(description = "The marketplace the operator bound this preset to; absent when unbound") String marketplace,
                             @Schema(required = true, description = "Whether the main-image rules apply (white border, product fill, no text, no shadow at the edge)")
                             boolean mainImage,
                             @Schema(required = true) PresetLimits limits,
                             @Schema(required = true, description = "The rules in the order an export's checks list them") List<PresetRule> rules) {
    }

    public record PresetSize(@Schema(required = true) int width, @Schema(required = true) int height) {
    }

    /** The rule set's numbers; {@code min_product_fill} and {@code edge_band} apply to main images only. */
    public record PresetLimits(@Schema(required = true) int minWidth, @Schema(required = true) int minHeight,
                               @Schema(required = true, description = "png, jpeg") List<String> formats,
                               @Schema(required = true) long maxBytes, @Schema(required = true) boolean srgb,
                               @Schema(required = true) double minProductFill,
                               @Schema(required = true, description = "Share of the shorter side") double edgeBand) {
    }

    public record PresetRule(@Schema(required = true, enumeration = {"ratio", "size", "format", "file_size", "srgb", "white_border",
            "product_fill", "no_text", "no_edge_shadow", "product_resolution"}) String rule, @Schema(required = true) String requirement) {
    }

    @Inject
    RuleSets ruleSets;

    @GET
    @Operation(operationId = "listPresets", summary = "List the export presets with their sizes and marketplace rules")
    public ListResponse<PresetView> list() {
        return ListResponse.of(ruleSets.all().stream().map(PresetResource::view).toList(), false);
    }

    static PresetView view(RuleSet r) {
        Preset p = r.preset();
        List<PresetSize> sizes = p.widths().stream().map(w -> new PresetSize(w, p.heightFor(w))).toList();
        PresetLimits limits = new PresetLimits(r.minWidth(), r.minHeight(), r.formats().stream().map(ExportFormat::wire).toList(),
                r.maxBytes(), r.srgb(), r.minProductFill(), r.edgeBand());
        List<PresetRule> rules = r.rules().stream().map(rule -> new PresetRule(rule.wire(), r.requirement(rule))).toList();
        return new PresetView(p.id(), "preset", p.ratio().id(), sizes, r.marketplace(), r.mainImage(), limits, rules);
    }
}
