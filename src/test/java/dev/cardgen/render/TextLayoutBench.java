package dev.cardgen.render;

import dev.cardgen.render.text.Texts;
import java.util.Map;

/**
 * Time to lay out a card whose texts sit at the API's limits, per text case of
 * {@link TextLimitsTest} (every template but white × arrangement × the six preview and export
 * sizes), two passes: the first fills the measuring caches, the second is what a busy instance sees.
 * Before them, the create-time fit check ({@link TextFit#fitsEverywhere}) per case and template, on
 * texts no cache has seen yet (the first case also pays the JIT's warm-up).
 * Run with {@code bench/text-bench.sh}.
 */
public final class TextLayoutBench {
    private TextLayoutBench() {}

    public static void main(String[] args) {
        for (Map.Entry<String, Texts> c : TextLimitsTest.cases().entrySet()) {
            StringBuilder line = new StringBuilder(String.format("fit check  %-16s", c.getKey()));
            for (TemplateInfo t : Templates.all()) {
                long t0 = System.nanoTime();
                boolean fits = TextFit.fitsEverywhere(t.id(), c.getValue());
                line.append(String.format("  %s %s %.0f ms", t.id(), fits ? "fits" : "REFUSED", (System.nanoTime() - t0) / 1e6));
            }
            System.out.println(line);
        }
        for (int pass = 1; pass <= 2; pass++) {
            for (Map.Entry<String, Texts> c : TextLimitsTest.cases().entrySet()) {
                long t0 = System.nanoTime();
                int n = 0;
                for (TemplateInfo t : Templates.all()) {
                    if (Templates.WHITE.equals(t.id())) continue;
                    for (String arr : LayoutEngine.arrangements(t.id())) {
                        for (int[] size : TextLimitsTest.SIZES) {
                            LayoutEngine.layout(Fixtures.design(t.id(), arr, c.getValue()), 0.8, size[0], size[1]);
                            n++;
                        }
                    }
                }
                System.out.printf("pass %d  %-16s %4d layouts  %6.1f ms per layout%n", pass, c.getKey(), n,
                        (System.nanoTime() - t0) / 1e6 / n);
            }
        }
    }
}
