package dev.cardgen.bench;

import dev.cardgen.render.fixtures.HintScorecard;
import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.SubjectHint;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * The box hint on the composite photo set: every product gets the box a careful seller drags
 * (its true bounds and 3 % on each side), every bare surface an empty box. Usage:
 * {@code [tuning|held-out|procedural|all] [width] [height] [outDir]} (system property {@code hint.only}: a
 * regular expression the scenes' names must match), or {@code timing [warmup] [runs]}
 * for the wall time of one box on a 1600x1200 photo (run it under {@code taskset -c 1} for one core).
 * With outDir, writes a sheet per photo: the photo with its box, the cut-out on green, the mask.
 */
public final class SubjectHintBench {

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("timing")) {
            timing(args.length > 1 ? Integer.parseInt(args[1]) : 10, args.length > 2 ? Integer.parseInt(args[2]) : 30);
            return;
        }
        String part = args.length == 0 ? "tuning" : args[0];
        int w = args.length > 1 ? Integer.parseInt(args[1]) : 1600;
        int h = args.length > 2 ? Integer.parseInt(args[2]) : 1200;
        File out = args.length > 3 ? new File(args[3]) : null;
        if (out != null) out.mkdirs();
        List<RealComposites.Scene> scenes = new ArrayList<>();
        if (part.equals("tuning") || part.equals("all")) scenes.addAll(RealComposites.scenes(false, w, h));
        if (part.equals("held-out") || part.equals("all")) scenes.addAll(RealComposites.scenes(true, w, h));
        if (part.equals("procedural") || part.equals("all")) scenes.addAll(ProceduralBackdrops.scenes(w, h));
        String only = System.getProperty("hint.only", "");
        if (!only.isEmpty()) scenes.removeIf(s -> !s.name().matches(only));
        // warm-up so the timings are of compiled code
        HintScorecard.run(scenes.subList(0, Math.min(3, scenes.size())), r -> { });
        List<HintScorecard.Row> rows = HintScorecard.run(scenes, r -> {
            System.out.printf("%-60s box=%d,%d %dx%d found=%-5s conf=%.2f iou=%.3f %.0f ms%n", r.scene().name(), r.box().x, r.box().y,
                    r.box().width, r.box().height, r.subject().detected(), r.subject().confidence(), r.iou(), r.ms());
            if (out != null) sheet(r, out);
        });
        System.out.printf("%n%s, %dx%d, cores=%d, load average=%.2f, java=%s%n", part, w, h,
                Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"));
        System.out.print(HintScorecard.format(HintScorecard.table(rows,
                r -> part(r) + (r.hasProduct() ? "" : ", empty box"))));
        System.out.println();
        System.out.print(HintScorecard.format(HintScorecard.table(rows, r -> kind(r))));
        System.out.println();
        System.out.print(HintScorecard.format(HintScorecard.table(rows, r -> HintScorecard.backdrop(r.scene()))));
    }

    /** The drawn surfaces are made from tuning products but are a part of their own. */
    private static String part(HintScorecard.Row r) {
        return r.scene().name().contains("procedural") ? "procedural" : r.scene().heldOut() ? "held-out" : "tuning";
    }

    private static String kind(HintScorecard.Row r) {
        return r.hasProduct() ? r.scene().kind().name().toLowerCase() : "empty box";
    }

    /** Wall and process CPU time of one box around a product on 1600x1200 tuning photos, one per backdrop kind. */
    private static void timing(int warmup, int runs) {
        List<RealComposites.Scene> scenes = RealComposites.scenes(false, 1600, 1200, n -> n.equals("SWEEP/BOTTLE/sweep-dedfe2")
                || n.equals("BLURRED/HORSE/blurred-chelsea.jpg") || n.equals("TEXTURED/BOX/texture-grass.jpg@1.0"));
        // Process CPU time (all threads: the model's own, the JIT, the collector) is what a busy machine does not inflate.
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("cores=%d, load average=%.2f, java=%s%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"));
        for (RealComposites.Scene s : scenes) {
            SubjectHint hint = SubjectHint.of(HintScorecard.boxAround(s.truth(), 1600, 1200, HintScorecard.MARGIN));
            for (int i = 0; i < warmup; i++) SubjectExtractor.fromHint(s.image(), hint);
            double[] ms = new double[runs];
            double[] cpu = new double[runs];
            for (int i = 0; i < runs; i++) {
                long p0 = os.getProcessCpuTime();
                long t0 = System.nanoTime();
                SubjectExtractor.fromHint(s.image(), hint);
                ms[i] = (System.nanoTime() - t0) / 1e6;
                cpu[i] = (os.getProcessCpuTime() - p0) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(cpu);
            System.out.printf("%s 1600x1200, box %dx%d: wall median %.1f ms, p90 %.1f ms, min %.1f ms | process CPU median %.1f ms,"
                            + " p90 %.1f ms (runs=%d)%n", s.name(), hint.box().width, hint.box().height, ms[runs / 2],
                    ms[(int) (runs * 0.9)], ms[0], cpu[runs / 2], cpu[(int) (runs * 0.9)], runs);
        }
    }

    /** The photo with its box in red, the cut-out on green (a halo of backdrop shows against it), the mask; at half size. */
    private static void sheet(HintScorecard.Row r, File out) {
        BufferedImage img = r.scene().image();
        int w = img.getWidth(), h = img.getHeight();
        Subject s = r.subject();
        BufferedImage sheet = new BufferedImage(3 * w / 2, h / 2, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = sheet.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
        g.drawImage(img, 0, 0, w / 2, h / 2, null);
        g.setColor(Color.RED);
        g.setStroke(new BasicStroke(2));
        g.drawRect(r.box().x / 2, r.box().y / 2, r.box().width / 2, r.box().height / 2);
        g.setColor(new Color(0, 170, 0));
        g.fillRect(w / 2, 0, w / 2, h / 2);
        if (s.detected()) {
            java.awt.Rectangle b = s.box();
            g.drawImage(s.cutout(img), w / 2 + b.x / 2, b.y / 2, b.width / 2, b.height / 2, null);
        }
        g.drawImage(s.mask(), w, 0, w / 2, h / 2, null);
        g.dispose();
        try {
            ImageIO.write(sheet, "png", new File(out, r.scene().name().replaceAll("[^A-Za-z0-9.@-]", "_") + ".png"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
