package dev.cardgen.bench;

import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Canvases;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.TemplateInfo;
import dev.cardgen.render.Templates;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The render's CPU time (the caller thread's, so the machine's load does not count) per template,
 * product and size, without the encode: medians of {@code n} after every case was rendered
 * {@code warm} times. Run on one core ({@code -XX:ActiveProcessorCount=1}) so that the split work
 * runs on the caller too. Products: the drawn bottle and the coffee photograph cut to an ellipse,
 * both as the service decodes a stored cut-out.
 * Args: {@code [n] [warm] [templates, comma-separated] [sizes, e.g. 1200x1600,2400x3200]}.
 * Run by {@code BENCH_MAIN=dev.cardgen.bench.RenderCpuBench bench/render-bench.sh 15}.
 */
public final class RenderCpuBench {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int warm = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        List<String> templates = args.length > 2 && !args[2].equals("all") ? List.of(args[2].split(","))
                : Templates.all().stream().map(TemplateInfo::id).toList();
        List<int[]> sizes = new ArrayList<>();
        for (String s : (args.length > 3 ? args[3] : "1200x1600,2400x3200").split(",")) {
            String[] wh = s.split("x");
            sizes.add(new int[] {Integer.parseInt(wh[0]), Integer.parseInt(wh[1])});
        }
        Map<String, BufferedImage> products = new LinkedHashMap<>();
        products.put("bottle", decoded(Cutouts.bottle(new Color(200, 60, 50))));
        products.put("coffee", decoded(Cutouts.photographed("coffee.jpg")));
        Texts texts = new Texts("Hydrating Face Serum with Hyaluronic Acid", "Deep moisture for all skin types",
                List.of("72-hour hydration", "Vegan, cruelty-free", "Dermatologist tested"), "NEW");
        record Case(String name, Design design, BufferedImage cut, int w, int h) {
        }
        List<Case> cases = new ArrayList<>();
        for (String t : templates) {
            for (int[] size : sizes) {
                for (Map.Entry<String, BufferedImage> p : products.entrySet()) {
                    Design d = Scene.designs(p.getValue(), texts, t, Ratio.R3_4, 1, 1).get(0);
                    cases.add(new Case(t + " " + size[0] + "x" + size[1] + " " + p.getKey(), d, p.getValue(), size[0], size[1]));
                }
            }
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int i = 0; i < warm; i++) {
            for (Case c : cases) {
                Canvases.giveBack(CardRenderer.render(c.design(), c.cut(), c.w(), c.h()));
            }
        }
        System.out.printf("java %s, %d cpu visible, n=%d after %d warm-up rounds%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), n, warm);
        System.out.println("| case | CPU median ms | CPU min ms |");
        System.out.println("|---|---|---|");
        long[][] cpu = new long[cases.size()][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < cases.size(); k++) {
                Case c = cases.get(k);
                long t0 = mx.getCurrentThreadCpuTime();
                BufferedImage card = CardRenderer.render(c.design(), c.cut(), c.w(), c.h());
                cpu[k][i] = mx.getCurrentThreadCpuTime() - t0;
                Canvases.giveBack(card);
            }
        }
        for (int k = 0; k < cases.size(); k++) {
            long[] v = cpu[k];
            Arrays.sort(v);
            System.out.printf("| %s | %.1f | %.1f |%n", cases.get(k).name(), v[n / 2] / 1e6, v[0] / 1e6);
        }
    }

    /** The cut-out as the service reads it back from a stored PNG. */
    private static BufferedImage decoded(BufferedImage src) throws java.io.IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(src, "png", png);
        return ImageIO.read(new ByteArrayInputStream(png.toByteArray()));
    }
}
