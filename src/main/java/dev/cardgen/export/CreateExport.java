package dev.cardgen.export;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.Strings;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.stream.Collectors;

/** Body of POST /api/v1/exports, as sent; {@link #validate()} gives the normalised request or a 400 naming the field. */
public record CreateExport(@Schema(required = true) String generationId,
                           @Schema(minimum = "0", maximum = "3", defaultValue = "0", description = "Index of a ready variant") Integer variant,
                           @Schema(required = true, enumeration = {"market1-3x4", "market2-3x4", "market3-3x4", "market4-1x1", "market5-1x1", "stories-9x16"}) String preset,
                           @Schema(enumeration = {"png", "jpeg"}, defaultValue = "png") String format,
                           @Schema(description = "One of the preset's widths; default its first") Integer width) {

    public record Valid(String generationId, int variant, Preset preset, ExportFormat format, int width, int height) {
        /** The export of {@code variant} of a generation at {@code target}. */
        public static Valid of(String generationId, int variant, Target target) {
            return new Valid(generationId, variant, target.preset(), target.format(), target.width(), target.height());
        }
    }

    /** What an export is made as: preset, format and size, validated. */
    public record Target(Preset preset, ExportFormat format, int width, int height) {
    }

    public Valid validate() {
        if (Strings.isBlank(generationId)) {
            throw ApiException.missingParam("generation_id");
        }
        preset(preset); // the preset is named before the variant, as it always was
        int v = variant == null ? 0 : variant;
        if (v < 0 || v > 3) {
            throw ApiException.invalidParam("variant", "variant must be the index of a ready variant (0 to 3).");
        }
        return Valid.of(generationId, v, target(preset, format, width));
    }

    /** Preset (required), format (default png) and width (default the preset's first) as an export takes them, or a 400 naming the field. */
    public static Target target(String preset, String format, Integer width) {
        Preset p = preset(preset);
        ExportFormat f = format == null ? ExportFormat.PNG : ExportFormat.parse(format).orElseThrow(() ->
                ApiException.invalidParam("format", "format must be one of png, jpeg."));
        int w = width == null ? p.defaultWidth() : width;
        if (!p.widths().contains(w)) {
            throw ApiException.invalidParam("width", "width must be one of " + p.widths().stream().map(String::valueOf)
                    .collect(Collectors.joining(", ")) + " for preset " + p.id() + ".");
        }
        return new Target(p, f, w, p.heightFor(w));
    }

    private static Preset preset(String preset) {
        if (Strings.isBlank(preset)) {
            throw ApiException.missingParam("preset");
        }
        return Preset.parse(preset).orElseThrow(() -> ApiException.invalidParam("preset",
                "Unknown preset '" + Strings.clip(preset, 40) + "'. Known presets: " + Preset.names() + "."));
    }
}
