package dev.cardgen.bench;

import dev.cardgen.asset.image.ImageInspector;
import dev.cardgen.asset.image.InspectedImage;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.testing.BadUploads;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The CPU of an upload's image stages in process, on the service bench's 12 Mpx photo
 * ({@link BadUploads#photoJpeg}, a textured scene where the model runs on the frame and on the crop round
 * its region): the header, the working copy's decode, the subject stage (the calling thread's CPU, the
 * process's CPU, wall) and the mask's PNG; medians after a warm-up, and a hash of the last mask so two
 * builds can be compared. CPU, not wall, is what to compare on a loaded machine.
 * Usage: {@code UploadStagesBench [warmup] [runs] [width height]}.
 */
public final class UploadStagesBench {

    public static void main(String[] args) throws Exception {
        int warmup = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int width = args.length > 3 ? Integer.parseInt(args[2]) : 4000;
        int height = args.length > 3 ? Integer.parseInt(args[3]) : 3000;
        Path photo = Files.createTempFile("upload-stages", ".jpg");
        try {
            Files.write(photo, BadUploads.photoJpeg(width, height));
            run(photo, warmup, runs);
        } finally {
            Files.deleteIfExists(photo);
        }
    }

    private static void run(Path photo, int warmup, int runs) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("cores=%d, load average=%.2f, java=%s, photo %d KB%n", Runtime.getRuntime().availableProcessors(),
                os.getSystemLoadAverage(), System.getProperty("java.version"), Files.size(photo) / 1024);
        String[] names = {"header", "decode", "stage (thread CPU)", "stage (process CPU)", "stage (wall)", "mask PNG"};
        double[][] ms = new double[names.length][runs];
        Subject s = null;
        BufferedImage working = null;
        for (int i = 0; i < warmup + runs; i++) {
            long c0 = mx.getCurrentThreadCpuTime();
            InspectedImage image = ImageInspector.inspect(photo);
            long c1 = mx.getCurrentThreadCpuTime();
            working = ImageInspector.decodeWorkingCopyWithAlpha(image, 1600).flattened();
            long c2 = mx.getCurrentThreadCpuTime();
            long p2 = os.getProcessCpuTime();
            long w2 = System.nanoTime();
            s = SubjectExtractor.extract(working);
            long c3 = mx.getCurrentThreadCpuTime();
            long p3 = os.getProcessCpuTime();
            long w3 = System.nanoTime();
            s.maskPng();
            long c4 = mx.getCurrentThreadCpuTime();
            if (i >= warmup) {
                int k = i - warmup;
                ms[0][k] = (c1 - c0) / 1e6;
                ms[1][k] = (c2 - c1) / 1e6;
                ms[2][k] = (c3 - c2) / 1e6;
                ms[3][k] = (p3 - p2) / 1e6;
                ms[4][k] = (w3 - w2) / 1e6;
                ms[5][k] = (c4 - c3) / 1e6;
            }
        }
        byte[] mask = ((DataBufferByte) s.mask().getRaster().getDataBuffer()).getData();
        System.out.printf("working copy %dx%d, detected=%s, box %s, mask hash %08x%n", working.getWidth(), working.getHeight(),
                s.detected(), s.box(), Arrays.hashCode(mask));
        for (int n = 0; n < names.length; n++) {
            Arrays.sort(ms[n]);
            System.out.printf("%-20s median %7.1f ms, min %7.1f ms (runs=%d)%n", names[n], ms[n][runs / 2], ms[n][0], runs);
        }
        System.out.printf("load average at the end %.2f%n", os.getSystemLoadAverage());
    }
}
