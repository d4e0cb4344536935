import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The same cards rendered by two builds in one JVM, the builds taking turns render by render (A, B,
 * then B, A), so that both see the same load: the CPU median of each and the median of the pairs'
 * ratios. Each build is a directory with its {@code classes} and {@code test-classes}, loaded in a
 * class loader of its own with {@link RenderPair}.
 */
public final class RenderPairs {
    public static void main(String[] a) throws Exception {
        if (a.length < 8) {
            System.err.println("usage: RenderPairs <pair dir> <build A> <build B> <n> <warm-up> <templates> <sizes> <products> [png]");
            System.exit(2);
        }
        String[] builds = {a[1], a[2]};
        int n = Integer.parseInt(a[3]), warm = Integer.parseInt(a[4]);
        boolean png = a.length > 8 && a[8].equals("png");
        List<String> names = new ArrayList<>();
        List<LongSupplier[]> cases = new ArrayList<>();
        ClassLoader[] loaders = new ClassLoader[2];
        for (int k = 0; k < 2; k++) {
            loaders[k] = new URLClassLoader(new URL[] {Path.of(builds[k], "classes").toUri().toURL(),
                    Path.of(builds[k], "test-classes").toUri().toURL(), Path.of(a[0]).toUri().toURL()},
                    RenderPairs.class.getClassLoader());
        }
        for (String t : a[5].split(",")) {
            for (String s : a[6].split(",")) {
                for (String p : a[7].split(",")) {
                    String[] wh = s.split("x");
                    LongSupplier[] pair = new LongSupplier[2];
                    for (int k = 0; k < 2; k++) {
                        pair[k] = (LongSupplier) loaders[k].loadClass("RenderPair")
                                .getConstructor(String.class, String.class, int.class, int.class, boolean.class)
                                .newInstance(t, p, Integer.parseInt(wh[0]), Integer.parseInt(wh[1]), png);
                    }
                    names.add(t + " " + s + " " + p);
                    cases.add(pair);
                }
            }
        }
        for (int i = 0; i < warm; i++) {
            for (LongSupplier[] c : cases) {
                c[0].getAsLong();
                c[1].getAsLong();
            }
        }
        long[][][] cpu = new long[cases.size()][2][n];
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < cases.size(); c++) {
                int first = i % 2;
                cpu[c][first][i] = cases.get(c)[first].getAsLong();
                cpu[c][1 - first][i] = cases.get(c)[1 - first].getAsLong();
            }
        }
        System.out.printf("A=%s B=%s; %s; CPU medians of %d, the builds alternated, after %d warm-up rounds; java %s, %d cpu%n",
                builds[0], builds[1], png ? "render + the export's PNG, CPU of every Java thread" : "render alone, the thread's CPU", n, warm,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        System.out.println("| case | A ms | B ms | B/A (median of pairs) |");
        System.out.println("|---|---|---|---|");
        for (int c = 0; c < cases.size(); c++) {
            double[] ratio = new double[n];
            for (int i = 0; i < n; i++) {
                ratio[i] = (double) cpu[c][1][i] / Math.max(1, cpu[c][0][i]);
            }
            Arrays.sort(ratio);
            long[] x = cpu[c][0].clone(), y = cpu[c][1].clone();
            Arrays.sort(x);
            Arrays.sort(y);
            System.out.printf("| %s | %.1f | %.1f | %.2f |%n", names.get(c), x[n / 2] / 1e6, y[n / 2] / 1e6, ratio[n / 2]);
        }
    }
}
