package dev.cardgen.bench;

import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.TemplateInfo;
import dev.cardgen.render.Templates;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Render + PNG time of a card in Chinese, Japanese and Korean against the same card in Latin letters, per
 * template at 1200x1600 (median of n after warm-up, the cases interleaved so the load of a shared machine
 * hits them alike), and the first CJK card of a fresh JVM, which loads its fonts.
 * Args: [iterations]. Run pinned to one core: BENCH_MAIN=dev.cardgen.bench.CjkRenderBench bench/render-bench.sh
 */
public final class CjkRenderBench {
    static final Map<String, Texts> CARDS = new LinkedHashMap<>();

    static {
        CARDS.put("en", new Texts("Stainless steel bottle, 750 ml, keeps drinks cold", "Double wall vacuum, light and tough",
                List.of("Cold for 24 hours", "Dishwasher safe", "Food grade steel"), "NEW"));
        CARDS.put("zh-Hans", new Texts("不锈钢保温杯（750毫升），24小时保冷，轻便耐用", "双层真空结构，轻便耐用，「热卖」款",
                List.of("24小时保冷", "可用洗碗机清洗", "食品级304不锈钢"), "新品"));
        CARDS.put("ja", new Texts("ステンレス水筒「軽量」750ml、直飲みタイプで冷たさ長持ち", "真空二重構造で、軽くて丈夫",
                List.of("24時間保冷", "食洗機対応", "食品用ステンレス"), "新着"));
        CARDS.put("ko", new Texts("스테인리스 보온병 750ml, 차가움이 오래 가는 이중 구조", "이중 진공 구조, 가볍고 튼튼함",
                List.of("24시간 보냉", "식기세척기 사용 가능", "식품용 스테인리스"), "신상"));
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        BufferedImage cut = Cutouts.bottle(new Color(40, 90, 160));
        System.out.printf("java %s, %d cpu visible%n", System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        Design latinFirst = Scene.designs(cut, CARDS.get("en"), Templates.STUDIO, Ratio.R3_4, 1, 1, "en").get(0);
        long t0 = System.nanoTime();
        ImageEncoder.png(CardRenderer.render(latinFirst, cut, 1200, 1600));
        long t1 = System.nanoTime();
        Design cjkFirst = Scene.designs(cut, CARDS.get("zh-Hans"), Templates.STUDIO, Ratio.R3_4, 1, 1, "zh-Hans").get(0);
        ImageEncoder.png(CardRenderer.render(cjkFirst, cut, 1200, 1600));
        long t2 = System.nanoTime();
        System.out.printf("first card of the JVM (Latin, loads Roboto and Java2D): %.0f ms; first zh-Hans card after it (loads the SC fonts): %.0f ms%n",
                (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        System.out.println("| template | en ms | zh-Hans ms | ja ms | ko ms | zh/en | ja/en | ko/en |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (TemplateInfo t : Templates.all()) {
            if (!Templates.of(t.id()).drawsText()) continue;
            Map<String, Design> designs = new LinkedHashMap<>();
            for (var c : CARDS.entrySet()) designs.put(c.getKey(), Scene.designs(cut, c.getValue(), t.id(), Ratio.R3_4, 1, 1, c.getKey()).get(0));
            Map<String, List<Double>> ms = new LinkedHashMap<>();
            for (int i = 0; i < n + 3; i++) {
                for (var d : designs.entrySet()) {
                    long s = System.nanoTime();
                    ImageEncoder.png(CardRenderer.render(d.getValue(), cut, 1200, 1600));
                    if (i >= 3) ms.computeIfAbsent(d.getKey(), k -> new ArrayList<>()).add((System.nanoTime() - s) / 1e6);
                }
            }
            double en = median(ms.get("en")), zh = median(ms.get("zh-Hans")), ja = median(ms.get("ja")), ko = median(ms.get("ko"));
            System.out.printf("| %s | %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %.2f |%n", t.id(), en, zh, ja, ko, zh / en, ja / en, ko / en);
        }
    }

    private static double median(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a[a.length / 2];
    }
}
