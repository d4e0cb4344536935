package dev.cardgen.batch;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.Strings;
import dev.cardgen.export.CreateExport;
import dev.cardgen.generation.CreateGeneration;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * Body of POST /api/v1/batches, as sent (JSON, or built from CSV by {@link BatchCsv}).
 * {@link #validate} checks the whole request first (a 400 naming the field), then every item on its
 * own: a bad item becomes a refused row with its number and field, not an error of the request.
 */
public record CreateBatch(@Schema(description = "What every item gets unless it says otherwise") Defaults defaults,
                          @Schema(required = true, minItems = 1, maxItems = MAX_ITEMS) List<Item> items,
                          @Schema(defaultValue = "false", description = "Refuse the whole batch (400, every bad row listed) when any row is bad") Boolean allOrNothing) {

    public static final int MAX_ITEMS = 1000;
    static final int REFERENCE_MAX = 200;

    @Schema(name = "BatchDefaults")
    public record Defaults(@Schema(enumeration = {"studio", "bold", "gradient", "infographic", "white"}) String template,
                           @Schema(enumeration = {"market1", "market2", "market3", "market4", "market5"}) String marketplace,
                           @Schema(enumeration = {"3:4", "1:1", "9:16"}) String ratio,
                           @Schema(minimum = "1", maximum = "4") Integer variants,
                           @Schema(description = "As a generation's locale (BCP 47)", example = "de") String locale,
                           @Schema(maxItems = MAX_EXPORTS, description = "Each item's first variant is exported once per entry when its generation completes") List<ExportTarget> exports) {
    }

    static final int MAX_EXPORTS = 6;

    @Schema(name = "BatchExportTarget")
    public record ExportTarget(@Schema(required = true, enumeration = {"market1-3x4", "market2-3x4", "market3-3x4", "market4-1x1", "market5-1x1", "stories-9x16"}) String preset,
                               @Schema(description = "One of the preset's widths; default its first") Integer width,
                               @Schema(enumeration = {"png", "jpeg"}, defaultValue = "png") String format) {
    }

    /**
     * One product. Its fields are those of a generation, but the schema leaves their limits out on
     * purpose: an item that breaks one is refused as a row (listed in {@code rejected}), not the request.
     */
    @Schema(name = "BatchItemInput", description = "One product: a generation's fields (same values and limits; an item breaking one is refused "
            + "as a row, listed in rejected); those left out come from defaults")
    public record Item(@Schema(required = true) String assetId, RowText text,
                       @Schema(description = "As a generation's template") String template,
                       @Schema(description = "As a generation's marketplace") String marketplace,
                       @Schema(description = "As a generation's ratio") String ratio,
                       @Schema(description = "As a generation's variants (1 to 4)") Integer variants,
                       @Schema(description = "As a generation's locale (BCP 47)") String locale,
                       @Schema(description = "Your own id of the product (a SKU), at most " + REFERENCE_MAX + " characters; shown on the item and its generation") String reference) {
    }

    @Schema(name = "BatchItemText", description = "As a generation's text")
    public record RowText(String title, String subtitle, List<String> facts, String badge) {
        CreateGeneration.TextInput input() {
            return new CreateGeneration.TextInput(title, subtitle, facts, badge);
        }
    }

    /** An item that passed validation: its 1-based row, reference and generation request (the asset is checked later). */
    public record Row(int row, String reference, CreateGeneration.Valid request) {
    }

    /** The validated batch: the rows to run, the rows refused, and the export targets. */
    public record Plan(List<Row> rows, List<ErrorBody.RowError> refused, List<CreateExport.Target> exports, boolean allOrNothing) {
    }

    /** How the API names an item's field: {@code items[2].text.title} in JSON, the column's name in CSV. */
    public static final BiFunction<Integer, String, String> JSON_PARAMS = (index, param) -> "items[" + index + "]." + param;

    public Plan validate(BiFunction<Integer, String, String> params) {
        if (items == null) {
            throw ApiException.missingParam("items");
        }
        if (items.isEmpty() || items.size() > MAX_ITEMS) {
            throw ApiException.invalidParam("items", "items must hold 1 to " + MAX_ITEMS + " items; it holds " + items.size() + ".");
        }
        Defaults d = defaults == null ? new Defaults(null, null, null, null, null, null) : defaults;
        List<CreateExport.Target> targets = exports(d.exports());
        List<Row> rows = new ArrayList<>(items.size());
        List<ErrorBody.RowError> refused = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Item item = items.get(i);
            if (item == null) {
                refused.add(new ErrorBody.RowError(i + 1, null, "parameter_missing", "The item is null.", params.apply(i, "asset_id")));
                continue;
            }
            String reference = null;
            try {
                reference = reference(item.reference());
                CreateGeneration g = new CreateGeneration(item.assetId(), first(item.template(), d.template()),
                        first(item.marketplace(), d.marketplace()), first(item.ratio(), d.ratio()),
                        item.variants() != null ? item.variants() : d.variants(), item.text() == null ? null : item.text().input(),
                        first(item.locale(), d.locale()));
                rows.add(new Row(i + 1, reference, g.validate()));
            } catch (ApiException e) {
                String param = e.param() == null ? null : params.apply(i, e.param());
                refused.add(new ErrorBody.RowError(i + 1, reference, e.code(), e.getMessage(), param));
            }
        }
        return new Plan(rows, refused, targets, Boolean.TRUE.equals(allOrNothing));
    }

    private static List<CreateExport.Target> exports(List<ExportTarget> exports) {
        if (exports == null) {
            return List.of();
        }
        if (exports.size() > MAX_EXPORTS) {
            throw ApiException.invalidParam("defaults.exports", "defaults.exports may hold at most " + MAX_EXPORTS + " targets.");
        }
        List<CreateExport.Target> out = new ArrayList<>();
        for (int i = 0; i < exports.size(); i++) {
            ExportTarget t = exports.get(i);
            String prefix = "defaults.exports[" + i + "].";
            if (t == null) {
                throw ApiException.missingParam(prefix + "preset");
            }
            try {
                out.add(CreateExport.target(t.preset(), t.format(), t.width()));
            } catch (ApiException e) {
                throw new ApiException(e.status(), e.type(), e.code(), e.getMessage().replace(e.param() + " ", prefix + e.param() + " "),
                        prefix + e.param());
            }
        }
        return out;
    }

    private static String reference(String value) {
        String param = "reference";
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        if (v.codePointCount(0, v.length()) > REFERENCE_MAX) {
            throw ApiException.invalidParam(param, "reference must be at most " + REFERENCE_MAX + " characters.");
        }
        if (v.chars().anyMatch(Character::isISOControl)) {
            throw ApiException.invalidParam(param, "reference must not contain control characters.");
        }
        return v;
    }

    private static String first(String own, String fallback) {
        return Strings.isBlank(own) ? fallback : own;
    }
}
