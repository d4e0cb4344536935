package dev.cardgen.bench;

import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtLoggingLevel;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import dev.cardgen.render.fixtures.BackdropFamilies;
import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.model.Agreement;
import dev.cardgen.render.subject.model.SaliencyModel;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A salient-object model other than the shipped u2netp, measured beside it: a candidate is an ONNX file given
 * by path (weights are never committed), with the normalisation its authors train with. Three modes:
 * <ul>
 *   <li>{@code time MODEL NORM SIDES [photos] [rounds]}: the inference's CPU time on the calling thread
 *   (one intra-op thread, so the engine works on it), the shipped u2netp and the candidate at each input
 *   side alternated photo by photo, so both see the same load on a shared machine; median and p90 in ms.
 *   Run it under {@code taskset -c 1}.</li>
 *   <li>{@code memory MODEL NORM SIDE}: one model in a fresh process: RSS before loading, after loading,
 *   after the first inference, and the peak (VmHWM), in MB.</li>
 *   <li>{@code quality MODEL NORM SIDES [part] [width] [height]}: on the backdrop families, each model's own
 *   mask (its min-max normalised map cut at one half, as {@link Agreement#mask}) on the stage's grid of the
 *   working copy, scaled to the photo, against the truth: median IoU and the share at IoU 0.90 or more per
 *   family and per kind, the shipped u2netp at its own input size beside the candidate at each side.</li>
 *   <li>{@code look MODEL NORM SIDES NAME OUT.png}: one family photo (e.g. {@code sweep-red/MUG/3}) at 1600x1200
 *   and each model's map on its grid, side by side, for looking at.</li>
 * </ul>
 * NORM is {@code u2net} (divided by the brightest channel value, ImageNet mean and deviation, as
 * {@link SaliencyModel}) or {@code isnet} (value / 255 - 0.5, as IS-Net's authors); MODEL {@code shipped}
 * means the bundled u2netp through {@link SaliencyModel} itself. SIDES: comma-separated; an input of about
 * SIDE x SIDE pixels at the grid's aspect, sides in steps of 32 ({@code sqSIDE}: SIDE x SIDE, squeezed;
 * {@code native}: the model's fixed input).
 * Usage: {@code bench/subject-bench.sh model-candidates MODE ...}.
 */
public final class ModelCandidatesBench {

    /** The stage's grid: at most this many cells a side (as the pipeline's working grid). */
    static final int GRID_SIDE = 640;

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: time|memory|quality MODEL_PATH|shipped u2net|isnet SIDE[,SIDE...] [...]");
            System.exit(2);
        }
        String mode = args[0];
        switch (mode) {
            case "time" -> time(args[1], args[2], sides(args[3]), arg(args, 4, 12), arg(args, 5, 5));
            case "memory" -> memory(args[1], args[2], sides(args[3]).get(0));
            case "look" -> look(args[1], args[2], sides(args[3]), args[4], args[5]);
            case "quality" -> quality(args[1], args[2], sides(args[3]), args.length > 4 ? args[4] : "all",
                    arg(args, 5, 1600), arg(args, 6, 1200));
            default -> throw new IllegalArgumentException("mode must be time, memory or quality: " + mode);
        }
    }

    private static int arg(String[] args, int i, int fallback) {
        return args.length > i ? Integer.parseInt(args[i]) : fallback;
    }

    /** Input sides; 0 stands for the model's own fixed input, -S (written sqS) for S x S squeezed. */
    private static List<Integer> sides(String s) {
        return Arrays.stream(s.split(",")).map(v -> v.equals("native") ? 0
                : v.startsWith("sq") ? -Integer.parseInt(v.substring(2)) : Integer.parseInt(v)).toList();
    }

    /** A model under test: its saliency map of a grid at an input of about side x side pixels (0: its fixed input). */
    interface Model {
        float[] saliency(int[] rgb, int w, int h, int side) throws OrtException;

        String name();
    }

    /** The shipped model as the stage runs it (its own input size; side is ignored). */
    private static Model shipped() {
        SaliencyModel m = SaliencyModel.load(SaliencyModel.RESOURCE);
        if (m == null) throw new IllegalStateException("the shipped model cannot load here");
        return new Model() {
            public float[] saliency(int[] rgb, int w, int h, int side) {
                return m.saliency(rgb, w, h);
            }

            public String name() {
                return "u2netp (shipped)";
            }
        };
    }

    private static Model model(String path, String norm) throws Exception {
        return path.equals("shipped") ? shipped() : new Candidate(Path.of(path), norm);
    }

    /** An ONNX file run with the shipped model's engine options, on one intra-op thread. */
    static final class Candidate implements Model {
        private final OrtEnvironment env = OrtEnvironment.getEnvironment(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR, "bench");
        private final OrtSession session;
        private final String input, output, name;
        private final boolean isnet;
        private final int fixedW, fixedH;

        Candidate(Path file, String norm) throws Exception {
            if (!Set.of("u2net", "isnet").contains(norm)) throw new IllegalArgumentException("norm must be u2net or isnet: " + norm);
            this.isnet = norm.equals("isnet");
            this.name = file.getFileName().toString();
            try (OrtSession.SessionOptions o = new OrtSession.SessionOptions()) {
                o.setIntraOpNumThreads(1);
                o.setInterOpNumThreads(1);
                o.setMemoryPatternOptimization(false);
                o.setCPUArenaAllocator(false);
                o.addConfigEntry("session.intra_op.allow_spinning", "0");
                session = env.createSession(Files.readAllBytes(file), o);
            }
            input = session.getInputNames().iterator().next();
            output = session.getOutputNames().iterator().next();
            long[] shape = ((TensorInfo) session.getInputInfo().get(input).getInfo()).getShape();
            fixedH = (int) shape[2];
            fixedW = (int) shape[3];
        }

        public String name() {
            return name;
        }

        public float[] saliency(int[] rgb, int w, int h, int side) throws OrtException {
            int[] in = side == 0 ? new int[] {fixedW, fixedH} : side < 0 ? new int[] {-side, -side} : inputSize(w, h, side);
            int tw = in[0], th = in[1];
            float[] t = tensor(rgb, w, h, tw, th, isnet);
            float[] out = new float[tw * th];
            try (OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(t), new long[] {1, 3, th, tw});
                 OrtSession.Result r = session.run(Map.of(input, x), Set.of(output))) {
                ((OnnxTensor) r.get(0)).getFloatBuffer().get(out);
            }
            float lo = Float.MAX_VALUE, hi = -Float.MAX_VALUE;
            for (float v : out) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            float range = Math.max(1e-6f, hi - lo);
            for (int i = 0; i < out.length; i++) out[i] = (out[i] - lo) / range;
            return SaliencyModel.resize(out, tw, th, w, h);
        }

        Map<String, NodeInfo> outputs() throws OrtException {
            return session.getOutputInfo();
        }
    }

    /** About side x side pixels at the aspect of w x h, sides in steps of 32 (as {@link SaliencyModel#inputSize}). */
    static int[] inputSize(int w, int h, int side) {
        double k = Math.sqrt((double) side * side / ((double) w * h));
        return new int[] {Math.max(32, (int) Math.round(w * k / 32) * 32), Math.max(32, (int) Math.round(h * k / 32) * 32)};
    }

    /** The grid area-averaged to tw x th (Java 2D's area averaging), normalised, planar, red first. */
    static float[] tensor(int[] rgb, int w, int h, int tw, int th, boolean isnet) {
        java.awt.image.BufferedImage src = new java.awt.image.BufferedImage(w, h, java.awt.image.BufferedImage.TYPE_INT_RGB);
        src.setRGB(0, 0, w, h, rgb, 0, w);
        java.awt.image.BufferedImage dst = new java.awt.image.BufferedImage(tw, th, java.awt.image.BufferedImage.TYPE_INT_RGB);
        dst.getGraphics().drawImage(src.getScaledInstance(tw, th, java.awt.Image.SCALE_AREA_AVERAGING), 0, 0, null);
        int[] px = dst.getRGB(0, 0, tw, th, null, 0, tw);
        int plane = tw * th;
        float[] t = new float[3 * plane];
        float max = 1;
        for (int i = 0; i < plane; i++) {
            for (int c = 0; c < 3; c++) {
                float v = (px[i] >> (16 - 8 * c)) & 255;
                t[c * plane + i] = v;
                max = Math.max(max, v);
            }
        }
        float[] mean = {0.485f, 0.456f, 0.406f}, std = {0.229f, 0.224f, 0.225f};
        for (int c = 0; c < 3; c++) {
            for (int i = c * plane; i < (c + 1) * plane; i++) {
                t[i] = isnet ? t[i] / 255f - 0.5f : (t[i] / max - mean[c]) / std[c];
            }
        }
        return t;
    }

    /** A few family photos' grids: a sweep, a texture, a blurred backdrop (the model's cost does not depend on pixels). */
    private static List<Grid> grids(int n) {
        List<BackdropFamilies.Spec> specs = BackdropFamilies.specs("tuning").stream().filter(s -> s.shape() != null).toList();
        List<Grid> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(Grid.of(BackdropFamilies.make(specs.get(i * specs.size() / n), 1600, 1200).scene().image(), GRID_SIDE));
        }
        return out;
    }

    private static void time(String path, String norm, List<Integer> sides, int photos, int rounds) throws Exception {
        Model base = shipped();
        Model cand = model(path, norm);
        List<Grid> grids = grids(photos);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Grid g0 = grids.get(0);
        System.out.printf(Locale.ROOT, "cores=%d, load average=%.2f, grid %dx%d, u2netp input %s%n",
                Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                g0.sw, g0.sh, Arrays.toString(SaliencyModel.inputSize(g0.sw, g0.sh)));
        for (int side : sides) {
            for (int i = 0; i < 2; i++) { // warm-up
                base.saliency(g0.small, g0.sw, g0.sh, 0);
                cand.saliency(g0.small, g0.sw, g0.sh, side);
            }
            List<Double> a = new ArrayList<>(), b = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                for (Grid g : grids) {
                    long t0 = mx.getCurrentThreadCpuTime();
                    base.saliency(g.small, g.sw, g.sh, 0);
                    long t1 = mx.getCurrentThreadCpuTime();
                    cand.saliency(g.small, g.sw, g.sh, side);
                    long t2 = mx.getCurrentThreadCpuTime();
                    a.add((t1 - t0) / 1e6);
                    b.add((t2 - t1) / 1e6);
                }
            }
            int[] in = side == 0 ? new int[] {-1, -1} : side < 0 ? new int[] {-side, -side} : inputSize(g0.sw, g0.sh, side);
            System.out.printf(Locale.ROOT, "side %s (input %dx%d): u2netp shipped median %.0f ms p90 %.0f | %s median %.0f ms p90 %.0f (n=%d)%n",
                    label(side), in[0], in[1], pct(a, 0.5), pct(a, 0.9), cand.name(), pct(b, 0.5), pct(b, 0.9), a.size());
        }
    }

    private static String label(int side) {
        return side == 0 ? "native" : side < 0 ? "sq" + -side : Integer.toString(side);
    }

    private static double pct(List<Double> v, double p) {
        double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return s[Math.min(s.length - 1, (int) Math.floor(p * s.length))];
    }

    private static void memory(String path, String norm, int side) throws Exception {
        long self = ProcessHandle.current().pid();
        Grid g = grids(1).get(0);
        System.gc();
        long rss0 = StartupBench.status(self, "VmRSS");
        Model m = model(path, norm);
        long rss1 = StartupBench.status(self, "VmRSS");
        m.saliency(g.small, g.sw, g.sh, side);
        long rss2 = StartupBench.status(self, "VmRSS");
        for (int i = 0; i < 3; i++) m.saliency(g.small, g.sw, g.sh, side);
        long rss3 = StartupBench.status(self, "VmRSS");
        System.out.printf(Locale.ROOT, "%s side %s: RSS before %d MB, loaded +%d, after 1st inference +%d, after 4 +%d, peak (VmHWM) %d MB%n",
                m.name(), label(side), rss0, rss1 - rss0, rss2 - rss0, rss3 - rss0, StartupBench.status(self, "VmHWM"));
    }

    private static void look(String path, String norm, List<Integer> sides, String name, String out) throws Exception {
        Model base = shipped();
        Model cand = model(path, norm);
        BackdropFamilies.Spec spec = BackdropFamilies.specs("all").stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
        BackdropFamilies.FamilyScene fs = BackdropFamilies.make(spec, 1600, 1200);
        Grid g = Grid.of(fs.scene().image(), GRID_SIDE);
        java.awt.image.BufferedImage sheet = new java.awt.image.BufferedImage(g.sw * (2 + sides.size()), g.sh,
                java.awt.image.BufferedImage.TYPE_INT_RGB);
        sheet.setRGB(0, 0, g.sw, g.sh, g.small, 0, g.sw);
        for (int k = 0; k <= sides.size(); k++) {
            float[] map = k == 0 ? base.saliency(g.small, g.sw, g.sh, 0) : cand.saliency(g.small, g.sw, g.sh, sides.get(k - 1));
            for (int i = 0; i < map.length; i++) {
                int v = Math.round(255 * map[i]);
                sheet.setRGB(g.sw * (k + 1) + i % g.sw, i / g.sw, map[i] > Agreement.HALF ? v << 16 | v << 8 | v : v << 16);
            }
        }
        javax.imageio.ImageIO.write(sheet, "png", new java.io.File(out));
    }

    /** One photo's IoU per model (index 0: the shipped u2netp, then the candidate at each side) and its shadow share. */
    private record Row(BackdropFamilies.Spec spec, double[] iou, double[] shadow) {
    }

    private static void quality(String path, String norm, List<Integer> sides, String part, int w, int h) throws Exception {
        Model base = shipped();
        Model cand = model(path, norm);
        List<BackdropFamilies.Spec> specs = BackdropFamilies.specs(part).stream().filter(s -> s.shape() != null).toList();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, Runtime.getRuntime().availableProcessors()), r -> {
            Thread t = new Thread(r, "model-candidates");
            t.setDaemon(true);
            return t;
        });
        List<Future<Row>> futures = new ArrayList<>();
        for (BackdropFamilies.Spec s : specs) {
            futures.add(pool.submit(() -> {
                BackdropFamilies.FamilyScene fs = BackdropFamilies.make(s, w, h);
                Grid g = Grid.of(fs.scene().image(), GRID_SIDE);
                double[] iou = new double[1 + sides.size()], shadow = new double[1 + sides.size()];
                for (int k = 0; k <= sides.size(); k++) {
                    float[] map = k == 0 ? base.saliency(g.small, g.sw, g.sh, 0) : cand.saliency(g.small, g.sw, g.sh, sides.get(k - 1));
                    boolean[] mask = Agreement.mask(SaliencyModel.resize(map, g.sw, g.sh, w, h), w, h).bits();
                    iou[k] = iou(fs.scene().truth(), mask);
                    shadow[k] = shadow(fs.shadow(), mask);
                }
                return new Row(s, iou, shadow);
            }));
        }
        List<Row> rows = new ArrayList<>();
        for (Future<Row> f : futures) {
            Row r = f.get();
            rows.add(r);
            StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-36s", r.spec().name()));
            for (double v : r.iou()) sb.append(String.format(Locale.ROOT, " %.3f", v));
            System.out.println(sb);
        }
        pool.shutdown();
        List<String> heads = new ArrayList<>(List.of("u2netp shipped"));
        for (int s : sides) heads.add(cand.name() + " @" + label(s));
        System.out.printf(Locale.ROOT, "%n%s part, %d product photos, %dx%d; each cell: median IoU / share at IoU >= 0.90 / cast shadow kept%n%n",
                part, rows.size(), w, h);
        System.out.println(table("family", rows, r -> r.spec().family(), heads));
        System.out.println(table("kind", rows, r -> BackdropFamilies.kind(r.spec().family()).name().toLowerCase(Locale.ROOT), heads));
    }

    private static String table(String by, List<Row> rows, java.util.function.Function<Row, String> key, List<String> heads) {
        Map<String, List<Row>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r));
        groups.put("all", rows);
        StringBuilder sb = new StringBuilder("| " + by + " | n | " + String.join(" | ", heads) + " |\n|---|---|");
        sb.append("---|".repeat(heads.size())).append('\n');
        groups.forEach((k, v) -> {
            sb.append("| ").append(k).append(" | ").append(v.size()).append(" |");
            for (int m = 0; m < heads.size(); m++) {
                int mm = m;
                double[] iou = v.stream().mapToDouble(r -> r.iou()[mm]).sorted().toArray();
                double[] sh = v.stream().mapToDouble(r -> r.shadow()[mm]).filter(d -> !Double.isNaN(d)).toArray();
                long at90 = Arrays.stream(iou).filter(d -> d >= 0.90).count();
                sb.append(String.format(Locale.ROOT, " %.3f / %.0f %% / %s |", median(iou), 100.0 * at90 / iou.length,
                        sh.length == 0 ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * Arrays.stream(sh).average().orElse(0))));
            }
            sb.append('\n');
        });
        return sb.toString();
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n == 0 ? Double.NaN : n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    static double iou(boolean[] truth, boolean[] mask) {
        long both = 0, either = 0;
        for (int i = 0; i < truth.length; i++) {
            if (truth[i] && mask[i]) both++;
            if (truth[i] || mask[i]) either++;
        }
        return either == 0 ? 0 : (double) both / either;
    }

    /** Share of the cast shadow's pixels in the mask; NaN without a cast shadow. */
    static double shadow(boolean[] shadow, boolean[] mask) {
        if (shadow == null) return Double.NaN;
        long n = 0, kept = 0;
        for (int i = 0; i < shadow.length; i++) {
            if (shadow[i]) {
                n++;
                if (mask[i]) kept++;
            }
        }
        return n == 0 ? Double.NaN : (double) kept / n;
    }
}
