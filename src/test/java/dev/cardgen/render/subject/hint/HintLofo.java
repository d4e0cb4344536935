package dev.cardgen.render.subject.hint;

import dev.cardgen.render.fixtures.HintScorecard;
import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectHint;
import dev.cardgen.render.subject.model.SaliencyModel;
import java.awt.Rectangle;
import java.awt.image.DataBufferByte;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The box hint judged leave-one-family-out: every photo with a product (tuning, held-out and drawn
 * parts) is cut with each setting of the tuned weights (γ × the prior's weight, and the grain off);
 * then, for each backdrop family, the setting best on all the other families is chosen and the left-out
 * family is measured with it, beside the shipped setting. And the grain feature, the one rule the
 * box cut adds, per family: on against off. Usage: HintLofo [width] [height] [threads]
 * (bench/subject-bench.sh hint-lofo).
 */
public final class HintLofo {

    private record Row(String family, double[] iou) {
    }

    public static void main(String[] args) throws Exception {
        int w = args.length > 0 ? Integer.parseInt(args[0]) : 1600;
        int h = args.length > 1 ? Integer.parseInt(args[1]) : 1200;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : Runtime.getRuntime().availableProcessors();
        List<BoxCut.Knobs> settings = new ArrayList<>();
        for (double gamma : new double[] {12.5, 25, 50}) {
            for (double prior : new double[] {0.5, 1, 2}) {
                settings.add(new BoxCut.Knobs(gamma, prior, BoxCut.GRAIN));
            }
        }
        BoxCut.Knobs noGrain = new BoxCut.Knobs(BoxCut.GAMMA, BoxCut.PRIOR, 0f);
        settings.add(noGrain);
        int tuned = settings.indexOf(BoxCut.TUNED);

        List<RealComposites.Scene> scenes = new ArrayList<>();
        scenes.addAll(RealComposites.scenes(false, w, h));
        scenes.addAll(RealComposites.scenes(true, w, h));
        scenes.addAll(ProceduralBackdrops.scenes(w, h));
        scenes.removeIf(s -> s.truth() == null);
        SaliencyModel model = SaliencyModel.shared();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Row>> futures = new ArrayList<>();
        for (RealComposites.Scene s : scenes) {
            futures.add(pool.submit(() -> {
                Rectangle box = HintScorecard.boxAround(s.truth(), w, h, HintScorecard.MARGIN);
                double[] iou = new double[settings.size()];
                for (int k = 0; k < settings.size(); k++) {
                    Subject sub = BoxCut.cut(s.image(), SubjectHint.of(box), model, settings.get(k));
                    iou[k] = sub.detected()
                            ? SyntheticPhotos.iou(s.truth(), ((DataBufferByte) sub.mask().getRaster().getDataBuffer()).getData()) : 0;
                }
                return new Row(HintScorecard.backdrop(s), iou);
            }));
        }
        List<Row> rows = new ArrayList<>();
        for (Future<Row> f : futures) {
            rows.add(f.get());
        }
        pool.shutdown();
        Map<String, List<Row>> families = new LinkedHashMap<>();
        rows.forEach(r -> families.computeIfAbsent(r.family(), k -> new ArrayList<>()).add(r));

        System.out.printf(Locale.ROOT, "%d photos, %d families, %dx%d; settings: %s%n", rows.size(), families.size(), w, h, settings);
        System.out.println("| left out | n | chosen on the others (γ, prior, grain) | median IoU / ≥ 0.90 with it | with the shipped setting |");
        System.out.println("|---|---|---|---|---|");
        for (String out : families.keySet()) {
            int best = tuned;
            double bestScore = -1;
            for (int k = 0; k < settings.size(); k++) {
                final int kk = k;
                double score = rows.stream().filter(r -> !r.family().equals(out)).mapToDouble(r -> r.iou()[kk]).average().orElse(0);
                if (score > bestScore + 1e-9) {
                    bestScore = score;
                    best = k;
                }
            }
            List<Row> of = families.get(out);
            BoxCut.Knobs c = settings.get(best);
            System.out.printf(Locale.ROOT, "| %s | %d | %.1f, %.1f, %.0f | %s | %s |%n", out, of.size(), c.gamma(), c.prior(), c.grain(),
                    summary(of, best), summary(of, tuned));
        }
        System.out.println();
        System.out.println("| family | n | grain on (shipped) | grain off |");
        System.out.println("|---|---|---|---|");
        int off = settings.indexOf(noGrain);
        for (Map.Entry<String, List<Row>> e : families.entrySet()) {
            System.out.printf(Locale.ROOT, "| %s | %d | %s | %s |%n", e.getKey(), e.getValue().size(),
                    summary(e.getValue(), tuned), summary(e.getValue(), off));
        }
    }

    private static String summary(List<Row> rows, int k) {
        double[] v = rows.stream().mapToDouble(r -> r.iou()[k]).sorted().toArray();
        double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
        long at90 = Arrays.stream(v).filter(x -> x >= 0.9).count();
        return String.format(Locale.ROOT, "%.3f / %d of %d", median, at90, v.length);
    }
}
