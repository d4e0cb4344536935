package dev.cardgen.export.checks;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.Preset;

import java.util.List;

/** One preset's marketplace rules, resolved from configuration; {@code marketplace} is null when unbound. */
public record RuleSet(Preset preset, String marketplace, boolean mainImage, List<ExportFormat> formats, long maxBytes,
                      int minWidth, int minHeight, boolean srgb, double minProductFill, double edgeBand) {

    /** The rules that apply, in the order checks are listed. */
    public List<CheckRule> rules() {
        return java.util.Arrays.stream(CheckRule.values()).filter(r -> r.appliesTo(this)).toList();
    }

    /** What {@code rule} asks of a file under this rule set, as a sentence (GET /api/v1/presets lists it). */
    public String requirement(CheckRule rule) {
        return switch (rule) {
            case RATIO -> "width:height is exactly " + preset.ratio().id();
            case SIZE -> "at least " + minWidth + "×" + minHeight + " px";
            case FORMAT -> "one of " + formats.stream().map(ExportFormat::wire).collect(java.util.stream.Collectors.joining(", "));
            case FILE_SIZE -> "at most " + maxBytes + " bytes";
            case SRGB -> srgb ? "sRGB, tagged or untagged" : "any colour space";
            case WHITE_BORDER -> "every pixel of the outermost rows and columns is #FFFFFF";
            case PRODUCT_FILL -> String.format(java.util.Locale.ROOT, "the product covers at least %.0f %% of the frame along its longer axis",
                    minProductFill * 100);
            case NO_TEXT -> "no text drawn on the image";
            case NO_EDGE_SHADOW -> String.format(java.util.Locale.ROOT,
                    "the outer %.1f %% of the shorter side is pure white wherever the product is not (no shadow reaches the edge)",
                    edgeBand * 100);
            case PRODUCT_RESOLUTION -> String.format(java.util.Locale.ROOT,
                    "the product is enlarged at most %.2f× (at least %.2f source pixels per card pixel)", CheckRule.MAX_UPSCALE,
                    1 / CheckRule.MAX_UPSCALE);
        };
    }

    /** Width of the edge band in pixels for a card of this size: at least one pixel. */
    int edgeBandPixels(int width, int height) {
        return Math.max(1, (int) Math.round(edgeBand * Math.min(width, height)));
    }
}
