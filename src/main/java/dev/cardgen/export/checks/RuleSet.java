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

    /** Width of the edge band in pixels for a card of this size: at least one pixel. */
    int edgeBandPixels(int width, int height) {
        return Math.max(1, (int) Math.round(edgeBand * Math.min(width, height)));
    }
}
