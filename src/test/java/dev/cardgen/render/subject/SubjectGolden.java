package dev.cardgen.render.subject;

import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.fixtures.HintScorecard;
import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites;
import java.awt.Point;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A golden record of the subject stage's answers, run by hand (not by surefire) around a refactoring
 * that must not change them: one line per photo and path with the detected flag, the confidence, the box
 * and hashes of the soft mask and of the mask cut at one half. Inputs: the composites (tuning, held-out,
 * drawn surfaces) and the 29 backdrop families at 800x600, automatic and by the cues alone; the box hint
 * on the families (box = truth + 3 %, bare backdrops a box in the middle); include and exclude points on a
 * few photos. Usage: {@code java -cp ... dev.cardgen.render.subject.SubjectGolden OUT [W] [H]}; compare two
 * runs with {@code diff}; {@code -Dgolden.only=TEXT} runs only the photos whose names hold TEXT.
 */
public final class SubjectGolden {

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args.length > 0 ? args[0] : "target/subject-golden.txt");
        int w = args.length > 1 ? Integer.parseInt(args[1]) : 800;
        int h = args.length > 2 ? Integer.parseInt(args[2]) : 600;
        String only = System.getProperty("golden.only", "");
        List<Callable<String>> jobs = new ArrayList<>();
        List<RealComposites.Scene> composites = new ArrayList<>(RealComposites.scenes(false, w, h));
        composites.addAll(RealComposites.scenes(true, w, h));
        composites.addAll(ProceduralBackdrops.scenes(w, h));
        for (RealComposites.Scene s : composites) {
            if (!only.isEmpty() && !s.name().contains(only)) continue;
            jobs.add(() -> line("auto " + s.name(), SubjectExtractor.extract(s.image())));
            jobs.add(() -> line("cues " + s.name(), SubjectExtractor.extractByCues(s.image())));
        }
        for (BackdropFamilies.Spec spec : BackdropFamilies.specs("all")) {
            if (!only.isEmpty() && !spec.name().contains(only)) continue;
            jobs.add(() -> {
                BackdropFamilies.FamilyScene fs = BackdropFamilies.make(spec, w, h);
                BufferedImage img = fs.scene().image();
                boolean[] truth = fs.scene().truth();
                Rectangle box = truth == null ? new Rectangle(w * 3 / 10, h * 3 / 10, w * 2 / 5, h * 2 / 5)
                        : HintScorecard.boxAround(truth, w, h, HintScorecard.MARGIN);
                StringBuilder sb = new StringBuilder();
                sb.append(line("auto " + spec.name(), SubjectExtractor.extract(img))).append('\n');
                sb.append(line("cues " + spec.name(), SubjectExtractor.extractByCues(img))).append('\n');
                sb.append(line("hint " + spec.name(), SubjectExtractor.fromHint(img, SubjectHint.of(box))));
                if (truth != null && spec.index() % 3 == 0) {
                    // clicks: an include point at the product's centre of mass, an exclude point in the box's corner
                    Point in = centre(truth, w);
                    Point ex = new Point(box.x + 2, box.y + 2);
                    sb.append('\n').append(line("click " + spec.name(),
                            SubjectExtractor.fromHint(img, new SubjectHint(box, List.of(in), List.of(ex)))));
                }
                return sb.toString();
            });
        }
        ExecutorService pool = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "golden");
            t.setDaemon(true);
            return t;
        });
        List<Future<String>> futures = new ArrayList<>();
        for (Callable<String> j : jobs) futures.add(pool.submit(j));
        List<String> lines = new ArrayList<>();
        for (Future<String> f : futures) {
            lines.addAll(List.of(f.get().split("\n")));
        }
        pool.shutdown();
        Files.write(out, lines);
        try (PrintStream p = new PrintStream(System.out)) {
            p.printf("%d lines to %s%n", lines.size(), out);
        }
    }

    private static Point centre(boolean[] truth, int w) {
        long sx = 0, sy = 0, n = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i]) {
                sx += i % w;
                sy += i / w;
                n++;
            }
        }
        return new Point((int) (sx / n), (int) (sy / n));
    }

    private static String line(String name, Subject s) throws Exception {
        byte[] m = ((DataBufferByte) s.mask().getRaster().getDataBuffer()).getData();
        byte[] cut = new byte[m.length];
        for (int i = 0; i < m.length; i++) cut[i] = (byte) ((m[i] & 0xff) >= 128 ? 1 : 0);
        Rectangle b = s.box();
        return String.format("%s detected=%s conf=%s box=%d,%d,%d,%d soft=%s cut=%s", name, s.detected(),
                Double.toString(s.confidence()), b.x, b.y, b.width, b.height, hash(m), hash(cut));
    }

    private static String hash(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b), 0, 8);
    }
}
