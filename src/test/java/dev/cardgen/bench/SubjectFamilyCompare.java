package dev.cardgen.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Two runs of {@link SubjectFamilyBench} (variant A and variant B of the stage, the same photos) side
 * by side per family, then judged leave-one-family-out: for each family left out, B is chosen when
 * its mean IoU over all the other families (each family's mean IoU, averaged, so every family weighs
 * the same) is higher than A's; the line shows what that choice gives on the family left out. Twice:
 * with each photo scored by its IoU (a decline 0), and with a wrong cut-out (detected at IoU below
 * 0.8) scored 0 too, no better than a decline, as the stage's discipline holds a partial cut-out
 * reported as found to be worse than a decline. A third time for rules that only decline: with that
 * scoring a declined wrong cut-out ties with it, so B is also chosen when it keeps at least A's score on
 * the other families with fewer wrong cut-outs there (the honest answer preferred at no cost).
 * Usage: SubjectFamilyCompare a.tsv b.tsv [labelA] [labelB].
 */
public final class SubjectFamilyCompare {

    public static void main(String[] args) throws Exception {
        List<FamilyResult> a = FamilyResult.read(Path.of(args[0])), b = FamilyResult.read(Path.of(args[1]));
        String la = args.length > 2 ? args[2] : "A", lb = args.length > 3 ? args[3] : "B";
        Map<String, FamilyResult> byName = new LinkedHashMap<>();
        b.forEach(r -> byName.put(r.name(), r));
        List<FamilyResult> aa = new ArrayList<>(), bb = new ArrayList<>();
        for (FamilyResult r : a) {
            FamilyResult other = byName.get(r.name());
            if (other != null) {
                aa.add(r);
                bb.add(other);
            }
        }
        if (aa.size() != a.size() || aa.size() != b.size()) {
            System.out.printf("note: %d photos in A, %d in B, %d in both; only those in both are compared%n", a.size(), b.size(), aa.size());
        }
        System.out.printf("A = %s%nB = %s%n%n", la, lb);
        System.out.print(sideBySide(aa, bb));
        System.out.println();
        System.out.print(leaveOneOut(aa, bb, FamilyResult::iou, "IoU, a decline 0", false));
        System.out.println();
        ToDoubleFunction<FamilyResult> rightOnly = r -> r.iou() >= FamilyTables.WRONG_BELOW ? r.iou() : 0;
        System.out.print(leaveOneOut(aa, bb, rightOnly, "IoU, a decline and a wrong cut-out 0", false));
        System.out.println();
        System.out.print(leaveOneOut(aa, bb, rightOnly, "IoU, a decline and a wrong cut-out 0; a tie goes to fewer wrong cut-outs", true));
    }

    static String sideBySide(List<FamilyResult> a, List<FamilyResult> b) {
        List<FamilyTables.Line> la = FamilyTables.grouped(a, FamilyResult::family), lb = FamilyTables.grouped(b, FamilyResult::family);
        StringBuilder sb = new StringBuilder("| family | n | A detected | B detected | A median IoU | B median IoU | A mean IoU "
                + "| B mean IoU | A wrong | B wrong | A shadow kept | B shadow kept | A bare det. | B bare det. |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (int i = 0; i < la.size(); i++) {
            FamilyTables.Line x = la.get(i), y = lb.get(i);
            sb.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %d | %d | %s | %s | %s | %s |%n", x.group(), x.n(),
                    share(x.detected(), x.n()), share(y.detected(), y.n()), num(x.medianIou()), num(y.medianIou()),
                    num(x.meanIou()), num(y.meanIou()), x.wrong(), y.wrong(), pct(x.shadowShare()), pct(y.shadowShare()),
                    x.bareDetected() + "/" + x.bare(), y.bareDetected() + "/" + y.bare()));
        }
        return sb.toString();
    }

    /** Leave one family out with each product photo scored by {@code score} (a declined photo's IoU is 0). */
    static String leaveOneOut(List<FamilyResult> a, List<FamilyResult> b, ToDoubleFunction<FamilyResult> score, String scored,
                              boolean fewerWrongBreaksTie) {
        Map<String, Double> ma = familyMeans(a, score), mb = familyMeans(b, score);
        Map<String, FamilyTables.Line> fa = byFamily(a), fb = byFamily(b);
        StringBuilder sb = new StringBuilder("Leave one family out (each photo scored by " + scored
                + "; mean over the other families' means; B chosen when higher):\n\n"
                + "| left out | A on others | B on others | chosen | left out, with the choice: mean score / detected / wrong | A there | B there |\n"
                + "|---|---|---|---|---|---|---|\n");
        int chooseB = 0;
        double sumChoice = 0, sumA = 0, sumB = 0;
        for (String out : ma.keySet()) {
            double sa = othersMean(ma, out), sbv = othersMean(mb, out);
            boolean pickB = sbv > sa || fewerWrongBreaksTie && sbv >= sa && othersWrong(fb, out) < othersWrong(fa, out);
            if (pickB) chooseB++;
            sumChoice += pickB ? mb.get(out) : ma.get(out);
            sumA += ma.get(out);
            sumB += mb.get(out);
            sb.append(String.format(Locale.ROOT, "| %s | %.4f | %.4f | %s | %s | %s | %s |%n", out, sa, sbv, pickB ? "B" : "A",
                    brief(pickB ? mb.get(out) : ma.get(out), pickB ? fb.get(out) : fa.get(out)),
                    brief(ma.get(out), fa.get(out)), brief(mb.get(out), fb.get(out))));
        }
        int families = ma.size();
        sb.append(String.format(Locale.ROOT, "%nB chosen with %d of %d families left out. Mean over families of the left-out "
                + "family's mean score: with the choice %.4f, always A %.4f, always B %.4f.%n", chooseB, families,
                sumChoice / families, sumA / families, sumB / families));
        return sb.toString();
    }

    /** Each family's mean score over its product photos, in table order. */
    private static Map<String, Double> familyMeans(List<FamilyResult> rows, ToDoubleFunction<FamilyResult> score) {
        Map<String, List<Double>> scores = new LinkedHashMap<>();
        for (FamilyResult r : rows) {
            if (!r.product()) continue;
            scores.computeIfAbsent(r.family(), k -> new ArrayList<>()).add(r.detected() ? score.applyAsDouble(r) : 0);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        scores.forEach((f, v) -> out.put(f, v.stream().mapToDouble(Double::doubleValue).average().orElse(0)));
        return out;
    }

    private static Map<String, FamilyTables.Line> byFamily(List<FamilyResult> rows) {
        Map<String, FamilyTables.Line> out = new LinkedHashMap<>();
        for (FamilyTables.Line l : FamilyTables.grouped(rows, FamilyResult::family)) {
            if (!l.group().equals("all")) out.put(l.group(), l);
        }
        return out;
    }

    private static int othersWrong(Map<String, FamilyTables.Line> lines, String out) {
        return lines.entrySet().stream().filter(e -> !e.getKey().equals(out)).mapToInt(e -> e.getValue().wrong()).sum();
    }

    private static double othersMean(Map<String, Double> means, String out) {
        return means.entrySet().stream().filter(e -> !e.getKey().equals(out)).mapToDouble(Map.Entry::getValue)
                .average().orElse(Double.NaN);
    }

    private static String brief(double mean, FamilyTables.Line l) {
        return String.format(Locale.ROOT, "%.3f / %d of %d / %d", mean, l.detected(), l.n(), l.wrong());
    }

    private static String share(int k, int n) {
        return n == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100.0 * k / n);
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String pct(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * v);
    }
}
