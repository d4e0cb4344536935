package dev.cardgen.bench;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.Preset;
import dev.cardgen.export.checks.ExportChecker;
import dev.cardgen.export.checks.RuleSet;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.Templates;
import dev.cardgen.render.text.Texts;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * What the marketplace checks add to a 2400×3200 PNG export (median / p90 after warm-up, one core):
 * render with the engine's facts against render alone, the PNG encode, and the checks for a file-only
 * rule set and a main-image one (PNG and JPEG). Args: [iterations]. Run by bench/checks-bench.sh.
 */
public final class ExportChecksBench {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        BufferedImage cut = Cutouts.bottle(new Color(200, 60, 50));
        Texts texts = new Texts("Hydrating Face Serum", "Deep moisture", List.of("72-hour hydration"), "NEW");
        List<ExportFormat> both = List.of(ExportFormat.PNG, ExportFormat.JPEG);
        RuleSet fileOnly = new RuleSet(Preset.MARKET1_3X4, null, false, both, 10_485_760, 1200, 1600, true, 0.85, 0.02);
        RuleSet main = new RuleSet(Preset.MARKET1_3X4, null, true, both, 10_485_760, 1200, 1600, true, 0.85, 0.02);
        System.out.printf("java %s, %d cpu visible%n", System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.println("| case | median ms | p90 ms |");
        System.out.println("|---|---|---|");
        for (String template : List.of(Templates.WHITE, "studio")) {
            Design d = Scene.designs(cut, texts, template, Ratio.R3_4, 1, 1).get(0);
            time(template + " render 2400x3200", n, () -> CardRenderer.render(d, cut, 2400, 3200));
            time(template + " render 2400x3200 with facts", n, () -> CardRenderer.renderWithFacts(d, cut, 2400, 3200));
            CardRenderer.Rendered card = CardRenderer.renderWithFacts(d, cut, 2400, 3200);
            byte[] png = ImageEncoder.png(card.image());
            byte[] jpeg = ImageEncoder.jpeg(card.image(), 0.92f);
            time(template + " PNG encode", n, () -> ImageEncoder.png(card.image()));
            time(template + " checks, file rules, PNG", n, () -> ExportChecker.check(fileOnly, png, card));
            time(template + " checks, main-image rules, PNG", n, () -> ExportChecker.check(main, png, card));
            time(template + " checks, main-image rules, JPEG (decoded)", n, () -> ExportChecker.check(main, jpeg, card));
        }
    }

    private static void time(String name, int n, Supplier<?> task) {
        for (int i = 0; i < 3; i++) task.get();
        double[] ms = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            task.get();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        System.out.printf("| %s | %.1f | %.1f |%n", name, ms[n / 2], ms[Math.min(n - 1, (int) Math.ceil(n * 0.9) - 1)]);
    }
}
