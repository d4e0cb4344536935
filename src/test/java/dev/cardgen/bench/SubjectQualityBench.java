package dev.cardgen.bench;

import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SubjectScorecard;
import java.io.File;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * Quality table of the subject stage on the composite photo set. Usage: [tuning|held-out|procedural] [width]
 * [height] [outDir]. {@code procedural}: the tuning products on drawn wood, fabric and stone, a stress check
 * (see {@link ProceduralBackdrops}). With outDir, writes each photo and its mask for looking at.
 */
public final class SubjectQualityBench {

    public static void main(String[] args) throws Exception {
        String part = args.length == 0 ? "held-out" : args[0];
        boolean heldOut = !part.equals("tuning") && !part.equals("procedural");
        int w = args.length > 1 ? Integer.parseInt(args[1]) : 1600;
        int h = args.length > 2 ? Integer.parseInt(args[2]) : 1200;
        File out = args.length > 3 ? new File(args[3]) : null;
        if (out != null) out.mkdirs();
        List<RealComposites.Scene> scenes = new java.util.ArrayList<>(part.equals("procedural") ? ProceduralBackdrops.scenes(w, h)
                : RealComposites.scenes(heldOut, w, h));
        // SUBJECT_BENCH_ONLY=REGEX: only the scenes whose names it finds
        String only = System.getProperty("subject.only", "");
        if (!only.isEmpty()) scenes.removeIf(s -> !java.util.regex.Pattern.compile(only).matcher(s.name()).find());
        // warm-up on one photo per kind so the timings are of compiled code
        for (int i = 0; i < 3; i++) SubjectScorecard.run(scenes.subList(0, Math.min(4, scenes.size())), r -> { });
        List<SubjectScorecard.Row> rows = SubjectScorecard.run(scenes, r -> {
            System.out.printf("%-60s detected=%-5s conf=%.2f iou=%.3f cpu=%.0f ms%n", r.scene().name(),
                    r.subject().detected(), r.subject().confidence(), r.iou(), r.cpuMs());
            if (out != null) {
                String n = r.scene().name().replaceAll("[^A-Za-z0-9.@-]", "_");
                try {
                    ImageIO.write(r.scene().image(), "png", new File(out, n + ".png"));
                    ImageIO.write(r.subject().mask(), "png", new File(out, n + ".mask.png"));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        System.out.printf("%n%s part, %dx%d, cores=%d, load average=%.2f, java=%s%n", heldOut ? "held-out" : part, w, h,
                Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"));
        System.out.print(SubjectScorecard.format(SubjectScorecard.table(rows)));
    }
}
