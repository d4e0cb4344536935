package dev.cardgen.asset;

import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.asset.image.InspectedImage;
import dev.cardgen.asset.image.OriginalRegion;
import dev.cardgen.asset.image.WorkingCopy;
import dev.cardgen.render.MaskUpsample;
import dev.cardgen.render.subject.SubjectMasks;
import dev.cardgen.testing.FinePrint;

import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Benchmark, not a test: the parts of {@link OriginalCutouts#cut} for a 4000 px fine-print photo cut
 * at 1720×2976 (the sharp bench's box), medians of repeated runs in one JVM, the process's CPU for the
 * whole cut and a hash of its pixels (unchanged by a change that keeps the bytes). With
 * {@code -Dbench.card=true} also the whole 2400×3200 white card, from the original and from the working
 * cut-out. Run its main on the test classpath, e.g. {@code ./mvnw -q test-compile}, then
 * {@code java -XX:ActiveProcessorCount=1 -cp target/test-classes:target/classes:<dependency:build-classpath>
 * dev.cardgen.asset.OriginalCutBench} (one core: CPU cuts apart from the split across cores).
 */
public final class OriginalCutBench {

    public static void main(String[] args) throws Exception {
        int size = Integer.parseInt(System.getProperty("bench.side", "4000")), runs = Integer.getInteger("bench.runs", 9);
        int w = 1720, h = 2976;
        Path file = Files.createTempFile("cutbench", ".jpg");
        Files.write(file, FinePrint.jpeg(FinePrint.photo(size), 0.92f));
        InspectedImage original = ImageInspector.inspect(file);
        BufferedImage mask = FinePrint.mask(size, 1600, 1600);
        Rectangle box = SubjectMasks.bounds(mask);
        double k = size / 1600.0;
        Rectangle2D photo = new Rectangle2D.Double(box.x * k, box.y * k, box.width * k, box.height * k);
        System.out.printf("box %s -> %d×%d%n", box, w, h);
        long[] decode = new long[runs], up = new long[runs], bands = new long[runs], total = new long[runs], cpu = new long[runs];
        var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        int hash = 0;
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            WorkingCopy pixels = OriginalRegion.decode(original, photo, w, h, false);
            long t1 = System.nanoTime();
            int[] rgb = ((DataBufferInt) pixels.rgb().getRaster().getDataBuffer()).getData();
            byte[] m = ((DataBufferByte) mask.getRaster().getDataBuffer()).getData();
            byte[] alpha = MaskUpsample.upsample(m, 1600, 1600, box.getMinX(), box.getMinY(), box.getMaxX(), box.getMaxY(), box, w, h, rgb);
            long t2 = System.nanoTime();
            BufferedImage out = OriginalCutouts.cutInBands(rgb, alpha, w, h, false);
            long t3 = System.nanoTime(), c3 = os.getProcessCpuTime();
            OriginalCutouts.Cut cut = OriginalCutouts.cut(original, mask, box, box, w, h, false, false);
            long t4 = System.nanoTime();
            cpu[i] = os.getProcessCpuTime() - c3;
            decode[i] = t1 - t0;
            up[i] = t2 - t1;
            bands[i] = t3 - t2;
            total[i] = t4 - t3;
            hash = Arrays.hashCode(((DataBufferInt) cut.image().getRaster().getDataBuffer()).getData());
            if (i == 0) {
                int h2 = Arrays.hashCode(((DataBufferInt) out.getRaster().getDataBuffer()).getData());
                System.out.printf("hash %08x (parts %08x)%n", hash, h2);
            }
        }
        System.out.printf("ms medians of %d: decode %.0f, mask upsample+refine %.0f, cut in bands %.0f, cut() whole %.0f (process CPU %.0f); hash %08x%n",
                runs, med(decode), med(up), med(bands), med(total), med(cpu), hash);
        if (Boolean.getBoolean("bench.card")) {
            card(original, mask, box, k, runs);
        }
        Files.delete(file);
    }

    /** The whole 2400×3200 white card, its product from the original and from the working cut-out, alternated. */
    private static void card(InspectedImage original, BufferedImage mask, Rectangle box, double k, int runs) throws Exception {
        BufferedImage working = dev.cardgen.asset.image.ImageInspector.decodeWorkingCopy(original, 1600);
        BufferedImage cut = new dev.cardgen.render.subject.Subject(mask, box, 1.0, true).cutout(working);
        var texts = new dev.cardgen.render.text.Texts("Label", "Fine print", java.util.List.of("one", "two"), null);
        var design = dev.cardgen.render.Scene.designs(cut, texts, "white", dev.cardgen.render.Ratio.R3_4, 1, 1).get(0);
        long[] sharp = new long[runs], soft = new long[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            dev.cardgen.render.CardRenderer.renderWithFacts(design, dev.cardgen.render.ProductPixels.of(cut, (w, h) -> {
                OriginalCutouts.Cut c = OriginalCutouts.cut(original, mask, box, box, w, h, false, false);
                return java.util.Optional.of(new dev.cardgen.render.ProductPixels.Sharp(c.image(), c.scale()));
            }), 2400, 3200);
            long t1 = System.nanoTime();
            dev.cardgen.render.CardRenderer.renderWithFacts(design, dev.cardgen.render.ProductPixels.of(cut), 2400, 3200);
            long t2 = System.nanoTime();
            sharp[i] = t1 - t0;
            soft[i] = t2 - t1;
        }
        System.out.printf("card 2400×3200 render, ms medians of %d: from the original %.0f, from the working cut-out %.0f%n", runs, med(sharp), med(soft));
    }

    private static double med(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2] / 1e6;
    }
}
