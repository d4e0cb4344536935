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
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * An export's PNG against the general encoder (pngencoder, filter None, level 6), per template and
 * product: the thread's CPU (median after warm-up) and the bytes. The products are the drawn bottle
 * and four photographs of the test resources cut to an ellipse. Args: [iterations] [width] [height].
 * Run on one core by {@code BENCH_MAIN=dev.cardgen.bench.PngEncodeBench bench/render-bench.sh 7}, where the
 * export's encoder runs on the caller, so its CPU is the thread's.
 */
public final class PngEncodeBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        int w = args.length > 1 ? Integer.parseInt(args[1]) : 1200, h = args.length > 2 ? Integer.parseInt(args[2]) : 1600;
        Texts texts = new Texts("Кофейная кружка Barista 350 мл", "Фарфор, двойные стенки, держит тепло",
                List.of("Объём 350 мл", "Можно в посудомойку", "Подарочная коробка"), "ХИТ");
        Map<String, BufferedImage> products = new LinkedHashMap<>();
        products.put("drawn bottle", Cutouts.bottle(new Color(200, 60, 50)));
        for (String photo : List.of("coffee.jpg", "chelsea.jpg", "camera.jpg", "astronaut.jpg")) {
            products.put(photo, Cutouts.photographed(photo));
        }
        System.out.printf("java %s, %d cpu visible, %dx%d%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), w, h);
        System.out.println("| product | template | export PNG: CPU ms | bytes | general, level 6: CPU ms | bytes | CPU | bytes |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, BufferedImage> product : products.entrySet()) {
            for (TemplateInfo t : Templates.all()) {
                Design d = Scene.designs(product.getValue(), texts, t.id(), Ratio.R3_4, 1, 1).get(0);
                BufferedImage card = CardRenderer.render(d, product.getValue(), w, h);
                Timed export = time(n, () -> ImageEncoder.pngCard(card));
                Timed general = time(n, () -> ImageEncoder.png(card));
                System.out.printf("| %s | %s | %.1f | %d | %.1f | %d | %+.0f %% | %+.0f %% |%n", product.getKey(), t.id(),
                        export.ms, export.bytes, general.ms, general.bytes, 100 * (export.ms / general.ms - 1),
                        100 * ((double) export.bytes / general.bytes - 1));
            }
        }
    }

    private record Timed(double ms, int bytes) {
    }

    private static Timed time(int n, Supplier<byte[]> encode) {
        for (int i = 0; i < 2; i++) {
            encode.get();
        }
        double[] ms = new double[n];
        int bytes = 0;
        for (int i = 0; i < n; i++) {
            long c0 = THREADS.getCurrentThreadCpuTime();
            bytes = encode.get().length;
            ms[i] = (THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
        }
        Arrays.sort(ms);
        return new Timed(ms[n / 2], bytes);
    }
}
