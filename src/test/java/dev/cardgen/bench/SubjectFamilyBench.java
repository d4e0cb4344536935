package dev.cardgen.bench;

import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.fixtures.HintScorecard;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.render.subject.SubjectHint;
import java.awt.Rectangle;
import java.awt.image.DataBufferByte;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;

/**
 * The subject stage on the backdrop families ({@link BackdropFamilies}): a line per photo, then the
 * tables per family, per kind and per part in Markdown. Usage: [tuning|frozen|all] [width] [height] [outDir].
 * With outDir, writes each photo and its mask. {@code -Dfamilies.tsv=FILE} also writes the per-photo
 * results for {@link SubjectFamilyCompare}; {@code -Dfamilies.only=REGEX} runs only matching photos.
 * {@code -Dfamilies.hint=true} judges the box hint instead of the automatic stage: each product photo
 * gets the box a careful seller drags ({@link HintScorecard#boxAround}, the truth's bounds and 3 %), each
 * bare backdrop a box in its middle; "detected" is then "found something in the box".
 * Photos are drawn and cut on at most two threads (the stage's own time is not measured here).
 */
public final class SubjectFamilyBench {

    public static void main(String[] args) throws Exception {
        String part = args.length > 0 ? args[0] : "tuning";
        int w = args.length > 1 ? Integer.parseInt(args[1]) : 1600;
        int h = args.length > 2 ? Integer.parseInt(args[2]) : 1200;
        File out = args.length > 3 ? new File(args[3]) : null;
        if (out != null) out.mkdirs();
        String only = System.getProperty("families.only", "");
        List<BackdropFamilies.Spec> specs = BackdropFamilies.specs(part).stream()
                .filter(s -> only.isEmpty() || s.name().matches(".*(" + only + ").*")).toList();
        int threads = Math.min(2, Runtime.getRuntime().availableProcessors());
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "family-bench");
            t.setDaemon(true); // a failed photo ends the run instead of leaving the pool working on
            return t;
        });
        List<Future<FamilyResult>> futures = new ArrayList<>();
        for (BackdropFamilies.Spec s : specs) futures.add(pool.submit(() -> run(s, w, h, out)));
        List<FamilyResult> rows = new ArrayList<>();
        for (Future<FamilyResult> f : futures) {
            FamilyResult r = f.get();
            rows.add(r);
            System.out.printf(Locale.ROOT, "%-36s detected=%-5s conf=%.2f iou=%s shadow=%s ms=%.0f%n", r.name(), r.detected(),
                    r.confidence(), r.product() ? String.format(Locale.ROOT, "%.3f", r.iou()) : "-",
                    Double.isNaN(r.shadowShare()) ? "-" : String.format(Locale.ROOT, "%.2f", r.shadowShare()), r.ms());
        }
        pool.shutdown();
        String tsv = System.getProperty("families.tsv", "");
        if (!tsv.isEmpty()) FamilyResult.write(Path.of(tsv), rows);
        System.out.printf(Locale.ROOT, "%n%s%s part, %d photos, %dx%d, %d threads, %.0f s, load average=%.2f, java=%s%n%n", HINT ? "box hint, " : "", part,
                rows.size(), w, h, threads, (System.nanoTime() - t0) / 1e9,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"));
        System.out.println(FamilyTables.perFamily(rows));
        System.out.println(FamilyTables.perKind(rows));
        System.out.println(FamilyTables.perPart(rows));
    }

    private static final boolean HINT = Boolean.getBoolean("families.hint");

    /** The seller's box: round the product with {@link HintScorecard#MARGIN}, or the middle of a bare backdrop. */
    private static Rectangle box(boolean[] truth, int w, int h) {
        return truth == null ? new Rectangle(w * 3 / 10, h * 3 / 10, w * 2 / 5, h * 2 / 5)
                : HintScorecard.boxAround(truth, w, h, HintScorecard.MARGIN);
    }

    private static FamilyResult run(BackdropFamilies.Spec spec, int w, int h, File out) {
        BackdropFamilies.FamilyScene fs = BackdropFamilies.make(spec, w, h);
        boolean[] truth = fs.scene().truth();
        long t0 = System.nanoTime();
        Subject sub = HINT ? SubjectExtractor.fromHint(fs.scene().image(), SubjectHint.of(box(truth, w, h)))
                : SubjectExtractor.extract(fs.scene().image());
        double ms = (System.nanoTime() - t0) / 1e6;
        byte[] m = ((DataBufferByte) sub.mask().getRaster().getDataBuffer()).getData();
        double iou = truth == null ? Double.NaN : sub.detected() ? SyntheticPhotos.iou(truth, m) : 0;
        double shadow = Double.NaN;
        if (fs.shadow() != null && sub.detected()) {
            long n = 0, kept = 0;
            for (int i = 0; i < m.length; i++) {
                if (fs.shadow()[i]) {
                    n++;
                    if ((m[i] & 0xff) >= 128) kept++;
                }
            }
            shadow = n == 0 ? Double.NaN : kept / (double) n;
        }
        if (out != null) {
            String n = spec.name().replaceAll("[^A-Za-z0-9.@-]", "_");
            try {
                ImageIO.write(fs.scene().image(), "png", new File(out, n + ".png"));
                ImageIO.write(sub.mask(), "png", new File(out, n + ".mask.png"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new FamilyResult(spec.family(), BackdropFamilies.kind(spec.family()), spec.kind(), spec.frozen(), spec.name(),
                sub.detected(), sub.confidence(), iou, shadow, ms);
    }
}
