package dev.cardgen.batch;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.Strings;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * A batch sent as CSV (README, Batches): a header row naming the columns, then one row per item.
 * Defaults and exports come from the query string. Facts are one column, separated by {@code |}
 * (blank entries dropped). A row's field at fault is named by its column.
 */
final class BatchCsv {

    static final List<String> COLUMNS = List.of("asset_id", "reference", "title", "subtitle", "facts", "badge", "template",
            "marketplace", "ratio", "variants", "locale");

    /** An item's field as the CSV names it: its column ({@code text.facts[2]} is column {@code facts}). */
    static final BiFunction<Integer, String, String> PARAMS = (index, param) -> {
        String p = param.startsWith("text.") ? param.substring("text.".length()) : param;
        int bracket = p.indexOf('[');
        return bracket < 0 ? p : p.substring(0, bracket);
    };

    private BatchCsv() {
    }

    /** The query string's part of a CSV batch: defaults for every row, exports as {@code preset[:width[:format]]} separated by commas. */
    record Query(String template, String marketplace, String ratio, String variants, String locale, String exports, String allOrNothing) {
    }

    static CreateBatch read(byte[] body, Query query) {
        List<Csv.Record> records = Csv.parse(body);
        if (records.isEmpty()) {
            throw ApiException.invalid("invalid_csv", "The CSV is empty: it needs a header row and 1 to " + CreateBatch.MAX_ITEMS
                    + " item rows.", null);
        }
        List<String> header = records.get(0).fields().stream().map(h -> h.strip().toLowerCase(java.util.Locale.ROOT)).toList();
        Map<String, Integer> column = new HashMap<>();
        for (int c = 0; c < header.size(); c++) {
            String name = header.get(c);
            if (!COLUMNS.contains(name)) {
                throw ApiException.invalid("parameter_unknown", "Unknown CSV column '" + Strings.clip(name, 40) + "'. Known columns: "
                        + String.join(", ", COLUMNS) + ".", Strings.clip(name, 40));
            }
            if (column.put(name, c) != null) {
                throw ApiException.invalidParam(name, "The CSV names column '" + name + "' twice.");
            }
        }
        if (!column.containsKey("asset_id")) {
            throw ApiException.missingParam("asset_id");
        }
        int rows = records.size() - 1;
        if (rows < 1 || rows > CreateBatch.MAX_ITEMS) {
            throw ApiException.invalidParam("items", "A batch takes 1 to " + CreateBatch.MAX_ITEMS + " rows after the header; this CSV holds "
                    + rows + ".");
        }
        List<CreateBatch.Item> items = new ArrayList<>(rows);
        for (Csv.Record r : records.subList(1, records.size())) {
            if (r.fields().size() != header.size()) {
                throw ApiException.invalid("invalid_csv", "The CSV row on line " + r.line() + " has " + r.fields().size()
                        + " fields; the header has " + header.size() + ".", null);
            }
            java.util.function.Function<String, String> cell = name -> {
                Integer c = column.get(name);
                return c == null || r.fields().get(c).isBlank() ? null : r.fields().get(c);
            };
            String facts = cell.apply("facts");
            List<String> factList = facts == null ? null : Arrays.stream(facts.split("\\|")).filter(f -> !f.isBlank()).toList();
            CreateBatch.RowText text = new CreateBatch.RowText(cell.apply("title"), cell.apply("subtitle"), factList,
                    cell.apply("badge"));
            items.add(new CreateBatch.Item(cell.apply("asset_id"), text, cell.apply("template"), cell.apply("marketplace"),
                    cell.apply("ratio"), integer(cell.apply("variants")), cell.apply("locale"), cell.apply("reference")));
        }
        return new CreateBatch(new CreateBatch.Defaults(query.template(), query.marketplace(), query.ratio(), integer(query.variants()),
                query.locale(), exports(query.exports())), items, allOrNothing(query.allOrNothing()));
    }

    /** An integer, or 0 for text that is none: the range check then names the column (or the query's variants). */
    private static Integer integer(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static List<CreateBatch.ExportTarget> exports(String value) {
        if (Strings.isBlank(value)) {
            return null;
        }
        List<CreateBatch.ExportTarget> out = new ArrayList<>();
        for (String part : value.split(",")) {
            String[] bits = part.strip().split(":", -1);
            if (bits.length > 3 || bits[0].isBlank()) {
                throw ApiException.invalidParam("exports", "exports is a comma-separated list of preset[:width[:format]].");
            }
            Integer width = null;
            if (bits.length > 1 && !bits[1].isBlank()) {
                try {
                    width = Integer.parseInt(bits[1]);
                } catch (NumberFormatException e) {
                    throw ApiException.invalidParam("exports", "exports is a comma-separated list of preset[:width[:format]]; '"
                            + Strings.clip(bits[1], 20) + "' is no width.");
                }
            }
            out.add(new CreateBatch.ExportTarget(bits[0], width, bits.length > 2 && !bits[2].isBlank() ? bits[2] : null));
        }
        return out;
    }

    private static Boolean allOrNothing(String value) {
        if (value == null) {
            return null;
        }
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.invalidParam("all_or_nothing", "all_or_nothing must be true or false.");
        };
    }
}
