package dev.cardgen.bench;

import dev.cardgen.render.fixtures.RealComposites;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Sums up backdrop-family results per family and per kind: product photos, share detected, median
 * IoU (a declined product photo counts 0), the share at IoU 0.90 or more, "wrong" (detected with IoU below 0.8), the mean share of
 * cast-shadow pixels kept in the mask (over detected photos with a cast shadow) and bare backdrops
 * detected.
 */
final class FamilyTables {

    /** IoU below which a detected cut-out counts as wrong. */
    static final double WRONG_BELOW = 0.8;

    /** One line of a table. */
    record Line(String group, int n, int detected, double medianIou, double meanIou, int at90, int wrong, int shadowPhotos,
                double shadowShare, int bare, int bareDetected) {

        String cells() {
            return String.format(Locale.ROOT, "%d | %s | %s | %s | %d | %s | %s", n,
                    n == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100.0 * detected / n),
                    n == 0 ? "-" : String.format(Locale.ROOT, "%.3f", medianIou),
                    n == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100.0 * at90 / n), wrong,
                    shadowPhotos == 0 ? "-" : String.format(Locale.ROOT, "%.0f %% (%d)", 100 * shadowShare, shadowPhotos),
                    bare == 0 ? "-" : bareDetected + " of " + bare);
        }
    }

    static final String HEADER_CELLS = "n | detected | median IoU | IoU ≥ 0.90 | wrong | shadow kept (photos) | bare detected";

    private FamilyTables() {
    }

    static Line line(String group, List<FamilyResult> rows) {
        List<FamilyResult> products = rows.stream().filter(FamilyResult::product).toList();
        double[] iou = products.stream().mapToDouble(FamilyResult::iou).toArray();
        List<FamilyResult> shadowed = products.stream().filter(r -> !Double.isNaN(r.shadowShare())).toList();
        List<FamilyResult> bare = rows.stream().filter(r -> !r.product()).toList();
        return new Line(group, products.size(), (int) products.stream().filter(FamilyResult::detected).count(),
                median(iou), Arrays.stream(iou).average().orElse(Double.NaN),
                (int) Arrays.stream(iou).filter(v -> v >= 0.90).count(),
                (int) products.stream().filter(r -> r.detected() && r.iou() < WRONG_BELOW).count(),
                shadowed.size(), shadowed.stream().mapToDouble(FamilyResult::shadowShare).average().orElse(Double.NaN),
                bare.size(), (int) bare.stream().filter(FamilyResult::detected).count());
    }

    /** Lines grouped by a key, in the order the key first appears, then one line for all. */
    static List<Line> grouped(List<FamilyResult> rows, Function<FamilyResult, String> key) {
        Map<String, List<FamilyResult>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r));
        List<Line> out = new ArrayList<>();
        groups.forEach((k, v) -> out.add(line(k, v)));
        out.add(line("all", rows));
        return out;
    }

    static String perFamily(List<FamilyResult> rows) {
        StringBuilder sb = new StringBuilder("| family | kind | " + HEADER_CELLS + " |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Line l : grouped(rows, FamilyResult::family)) {
            String kind = l.group().equals("all") ? "" : kindOf(rows, l.group());
            sb.append("| ").append(l.group()).append(" | ").append(kind).append(" | ").append(l.cells()).append(" |\n");
        }
        return sb.toString();
    }

    static String perKind(List<FamilyResult> rows) {
        StringBuilder sb = new StringBuilder("| kind | families | " + HEADER_CELLS + " |\n|---|---|---|---|---|---|---|---|---|\n");
        for (Line l : grouped(rows, r -> r.familyKind().name().toLowerCase(Locale.ROOT))) {
            long families = rows.stream().filter(r -> l.group().equals("all")
                    || r.familyKind().name().toLowerCase(Locale.ROOT).equals(l.group())).map(FamilyResult::family).distinct().count();
            sb.append("| ").append(l.group()).append(" | ").append(families).append(" | ").append(l.cells()).append(" |\n");
        }
        return sb.toString();
    }

    /** Tuning against frozen: the frozen part is for reporting, never for choosing a rule. */
    static String perPart(List<FamilyResult> rows) {
        StringBuilder sb = new StringBuilder("| part | " + HEADER_CELLS + " |\n|---|---|---|---|---|---|---|---|\n");
        for (Line l : grouped(rows, r -> r.frozen() ? "frozen" : "tuning")) {
            sb.append("| ").append(l.group()).append(" | ").append(l.cells()).append(" |\n");
        }
        return sb.toString();
    }

    private static String kindOf(List<FamilyResult> rows, String family) {
        RealComposites.Kind k = rows.stream().filter(r -> r.family().equals(family)).findFirst().orElseThrow().familyKind();
        return k.name().toLowerCase(Locale.ROOT);
    }

    /** The median (the mean of the middle two for an even count); NaN for none. */
    static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length == 0 ? Double.NaN : s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
