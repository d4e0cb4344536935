package dev.cardgen.bench;

import com.pngencoder.PngEncoder;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.Previews;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.Templates;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import javax.imageio.ImageIO;

/**
 * Render + encode timings (median / p90 after warm-up) for every template, and the two PNG writers.
 * Args: [iterations]. Run pinned to one core by bench/render-bench.sh.
 */
public final class RenderBench {
    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        BufferedImage cut = Cutouts.bottle(new Color(200, 60, 50));
        Texts texts = new Texts("Hydrating Face Serum with Hyaluronic Acid", "Deep moisture for all skin types",
                List.of("72-hour hydration", "Vegan, cruelty-free", "Dermatologist tested"), "NEW");
        List<Design> designs = Templates.all().stream()
                .map(t -> Scene.designs(cut, texts, t.id(), Ratio.R3_4, 1, 1).get(0)).toList();
        int[] pv = Previews.size(1200, 1600);
        System.out.printf("java %s, %s, %d cpu visible%n", System.getProperty("java.version"),
                System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors());
        System.out.println("| case | median ms | p90 ms | bytes |");
        System.out.println("|---|---|---|---|");
        for (Design d : designs) {
            String t = d.template();
            time(t + " render 1200x1600 + PNG", n, () -> ImageEncoder.png(CardRenderer.render(d, cut, 1200, 1600)));
        }
        Design d = designs.get(0);
        time("studio render 2400x3200 + PNG", Math.max(3, n / 3),
                () -> ImageEncoder.png(CardRenderer.render(d, cut, 2400, 3200)));
        time("studio preview " + pv[0] + "x" + pv[1] + " + JPEG q0.85", n,
                () -> ImageEncoder.jpeg(CardRenderer.render(d, cut, pv[0], pv[1]), 0.85f));
        time("studio preview " + pv[0] + "x" + pv[1] + " + PNG", n,
                () -> ImageEncoder.png(CardRenderer.render(d, cut, pv[0], pv[1])));
        time("studio render 1200x1600 only", n, () -> {
            CardRenderer.render(d, cut, 1200, 1600);
            return new byte[0];
        });
        BufferedImage card = CardRenderer.render(d, cut, 1200, 1600);
        BufferedImage big = CardRenderer.render(d, cut, 2400, 3200);
        time("encode 1200x1600 ImageIO PNG", n, () -> imageIo(card));
        time("encode 1200x1600 pngencoder 1 thread, level 6", n, () -> png(card, false));
        time("encode 1200x1600 pngencoder multi-thread, level 6", n, () -> png(card, true));
        time("encode 1200x1600 pngencoder 1 thread, level 4", n,
                () -> new PngEncoder().withBufferedImage(card).withCompressionLevel(4)
                        .withMultiThreadedCompressionEnabled(false).toBytes());
        time("encode 2400x3200 ImageIO PNG", Math.max(3, n / 3), () -> imageIo(big));
        time("encode 2400x3200 pngencoder 1 thread, level 6", Math.max(3, n / 3), () -> png(big, false));
    }

    private static byte[] png(BufferedImage img, boolean mt) {
        return new PngEncoder().withBufferedImage(img).withCompressionLevel(6)
                .withMultiThreadedCompressionEnabled(mt).toBytes();
    }

    private static byte[] imageIo(BufferedImage img) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(img, "png", out);
            return out.toByteArray();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void time(String name, int n, Supplier<byte[]> task) {
        for (int i = 0; i < 3; i++) task.get();
        long[] ms = new long[n];
        int bytes = 0;
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            bytes = task.get().length;
            ms[i] = (System.nanoTime() - t0) / 1_000_000;
        }
        Arrays.sort(ms);
        System.out.printf("| %s | %d | %d | %d |%n", name, ms[n / 2], ms[Math.min(n - 1, (int) Math.ceil(n * 0.9) - 1)],
                bytes);
    }
}
