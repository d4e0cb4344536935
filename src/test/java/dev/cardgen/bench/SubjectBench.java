package dev.cardgen.bench;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Times {@link SubjectExtractor#extract} on 1600 px synthetic photos and on the tuning part's
 * photographic products on real grass (the textured path) and before a blurred photo: warm-up,
 * then median and p90. Off plain backdrops the model runs on a second thread of its own, which the
 * calling thread's CPU time does not count: the process's CPU time does (all threads, the JIT and
 * the garbage collector included, so it is an upper bound).
 */
public final class SubjectBench {

    public static void main(String[] args) throws java.io.IOException {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        Map<String, BufferedImage> photos = new LinkedHashMap<>();
        photos.put("synthetic mug, radial sweep", SyntheticPhotos.product(SyntheticPhotos.Shape.MUG,
                SyntheticPhotos.Backdrop.RADIAL, SyntheticPhotos.PALETTES.get(4), true, 1600, 1200, 11).image());
        photos.put("synthetic bottle, texture", SyntheticPhotos.product(SyntheticPhotos.Shape.BOTTLE,
                SyntheticPhotos.Backdrop.TEXTURE, SyntheticPhotos.PALETTES.get(0), true, 1200, 1600, 12).image());
        photos.put("synthetic pair of shoes, linear sweep", SyntheticPhotos.product(SyntheticPhotos.Shape.SHOE_PAIR,
                SyntheticPhotos.Backdrop.LINEAR, SyntheticPhotos.PALETTES.get(5), true, 1600, 1600, 13).image());
        List<RealComposites.Scene> tuning = RealComposites.scenes(false, 1600, 1200);
        List<RealComposites.Scene> textured = tuning.stream().filter(s -> s.kind() == RealComposites.Kind.TEXTURED).toList();
        for (RealComposites.Scene scene : List.of(textured.get(0), textured.get(textured.size() / 2))) {
            photos.put(scene.name(), scene.image());
        }
        RealComposites.Scene blurred = tuning.stream().filter(s -> s.kind() == RealComposites.Kind.BLURRED).findFirst().orElseThrow();
        photos.put(blurred.name(), blurred.image());
        // A texture the cues decline: since the thirteenth round the model is asked there too.
        RealComposites.Scene lawn = tuning.stream().filter(s -> s.name().equals("scene-grass.jpg")).findFirst().orElseThrow();
        photos.put(lawn.name(), lawn.image());
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("cores=%d, load average=%.2f, java=%s%n", Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.version"));
        // The first photo off a plain backdrop in this JVM loads the model: what the first such
        // upload of a fresh instance waits for (cold JIT included), and the memory it takes.
        long self = ProcessHandle.current().pid();
        long rss0 = StartupBench.status(self, "VmRSS");
        long first = System.nanoTime();
        SubjectExtractor.extract(blurred.image());
        System.out.printf("first call off a plain backdrop (loads the model): %.0f ms; RSS %d -> %d MB (peak %d MB)%n",
                (System.nanoTime() - first) / 1e6, rss0, StartupBench.status(self, "VmRSS"), StartupBench.status(self, "VmHWM"));
        for (Map.Entry<String, BufferedImage> photo : photos.entrySet()) {
            BufferedImage img = photo.getValue();
            for (int i = 0; i < warmup; i++) {
                SubjectExtractor.extract(img);
            }
            java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
            double[] ms = new double[runs];
            double[] cpu = new double[runs];
            double[] process = new double[runs];
            Subject s = null;
            for (int i = 0; i < runs; i++) {
                long c0 = mx.getCurrentThreadCpuTime();
                long p0 = os.getProcessCpuTime();
                long t0 = System.nanoTime();
                s = SubjectExtractor.extract(img);
                ms[i] = (System.nanoTime() - t0) / 1e6;
                cpu[i] = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                process[i] = (os.getProcessCpuTime() - p0) / 1e6;
            }
            Arrays.sort(ms);
            Arrays.sort(cpu);
            Arrays.sort(process);
            System.out.printf("%s %dx%d: wall median %.1f ms, p90 %.1f ms, min %.1f ms | thread CPU median %.1f ms, p90 %.1f ms"
                            + " | process CPU median %.1f ms (detected=%s, runs=%d)%n",
                    photo.getKey(), img.getWidth(), img.getHeight(), ms[runs / 2], ms[(int) (runs * 0.9)], ms[0],
                    cpu[runs / 2], cpu[(int) (runs * 0.9)], process[runs / 2], s.detected(), runs);
        }
        System.out.printf("RSS at the end %d MB, peak %d MB%n", StartupBench.status(self, "VmRSS"),
                StartupBench.status(self, "VmHWM"));
    }
}
