package dev.cardgen.export.checks;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One rule's outcome on an export's file, as the export's {@code checks} list it. */
public record ExportCheck(@Schema(required = true, enumeration = {"ratio", "size", "format", "file_size", "srgb", "white_border",
                                  "product_fill", "no_text", "no_edge_shadow", "product_resolution"}) String rule,
                          @Schema(required = true) boolean passed,
                          @Schema(required = true, description = "What was measured, as a sentence") String detail) {

    static ExportCheck of(CheckRule rule, boolean passed, String detail) {
        return new ExportCheck(rule.wire(), passed, detail);
    }
}
