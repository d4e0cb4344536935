package spike;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A spike, not part of the service or its build: the u2netp salient-object model (U^2-Net's small
 * variant) run through ONNX Runtime's Java binding on one thread, on the composite photo set,
 * beside today's subject stage. Per photo: the model's IoU against the known alpha, the stage's
 * (0 when it declined), how much the two masks agree, and the model's CPU time; then a line per
 * background kind. Usage: model.onnx tuning|held-out|procedural width height.
 */
public final class U2netpSpike {

    private static final int SIDE = 320;
    /** The candidate rules' agreement threshold (IoU of the stage's mask against the model's). */
    private static final double AGREE = Double.parseDouble(System.getProperty("spike.agree", "0.7"));
    private static final float[] MEAN = {0.485f, 0.456f, 0.406f};
    private static final float[] STD = {0.229f, 0.224f, 0.225f};
    /** The last map's largest raw output (a probability) and share of the map above 0.5 before normalising. */
    private static float rawMax;
    private static float rawShare;

    public static void main(String[] args) throws Exception {
        String part = args[1];
        int w = Integer.parseInt(args[2]), h = Integer.parseInt(args[3]);
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        OrtSession.SessionOptions options = new OrtSession.SessionOptions();
        options.setIntraOpNumThreads(1);
        options.setInterOpNumThreads(1);
        try (OrtSession session = env.createSession(args[0], options)) {
            String input = session.getInputNames().iterator().next();
            List<RealComposites.Scene> scenes = part.equals("procedural") ? ProceduralBackdrops.scenes(w, h)
                    : RealComposites.scenes(part.equals("held-out"), w, h);
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            for (int i = 0; i < 3; i++) saliency(env, session, input, scenes.get(0).image()); // warm-up
            Map<RealComposites.Kind, List<double[]>> rows = new EnumMap<>(RealComposites.Kind.class);
            System.out.printf("%-55s %7s %7s %7s %7s %6s %7s %7s%n", "photo", "model", "stage", "agree", "area", "ms", "rawmax", "raw>.5");
            for (RealComposites.Scene s : scenes) {
                long c0 = mx.getCurrentThreadCpuTime();
                boolean[] model = threshold(saliency(env, session, input, s.image()), w, h);
                double ms = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                Subject sub = SubjectExtractor.extract(s.image());
                boolean[] stage = new boolean[w * h];
                byte[] m = ((DataBufferByte) sub.mask().getRaster().getDataBuffer()).getData();
                for (int i = 0; i < stage.length; i++) stage[i] = sub.detected() && (m[i] & 0xff) >= 128;
                int area = 0;
                for (boolean b : model) if (b) area++;
                double mi = s.truth() == null ? Double.NaN : iou(model, s.truth());
                double si = s.truth() == null ? Double.NaN : sub.detected() ? iou(stage, s.truth()) : 0;
                double agree = sub.detected() ? iou(model, stage) : Double.NaN;
                double frac = area / (double) (w * h);
                System.out.printf("%-55s %7.3f %7.3f %7.3f %7.3f %6.0f %7.3f %7.3f%n", s.name(), mi, si, agree, frac, ms, rawMax, rawShare);
                // Two candidate rules: (a) the stage declines when the masks agree less than AGREE;
                // (b) it takes the model's mask instead then. Scenes stay as the stage left them.
                boolean detected = sub.detected();
                boolean agrees = detected && agree >= AGREE;
                double declineIou = s.truth() == null ? Double.NaN : agrees ? si : 0;
                double swapIou = s.truth() == null ? Double.NaN : !detected ? 0 : agrees ? si : mi;
                rows.computeIfAbsent(s.kind(), k -> new ArrayList<>()).add(new double[] {mi, si, frac, ms,
                        detected ? 1 : 0, agrees ? 1 : 0, declineIou, swapIou});
            }
            System.out.printf("%n%s, %dx%d, java %s%n", part, w, h, System.getProperty("java.version"));
            System.out.println("| kind | n | model median IoU | model IoU >= 0.9 | stage median IoU | model mask area, median (max) | model CPU ms, median |");
            System.out.println("|---|---|---|---|---|---|---|");
            for (var e : rows.entrySet()) {
                List<double[]> r = e.getValue();
                boolean product = e.getKey() != RealComposites.Kind.NO_PRODUCT;
                System.out.printf("| %s | %d | %s | %s | %s | %.3f (%.3f) | %.0f |%n", e.getKey().name().toLowerCase(), r.size(),
                        product ? String.format("%.3f", median(r, 0)) : "-",
                        product ? r.stream().filter(v -> v[0] >= 0.9).count() + " of " + r.size() : "-",
                        product ? String.format("%.3f", median(r, 1)) : "-",
                        median(r, 2), r.stream().mapToDouble(v -> v[2]).max().orElse(0), median(r, 3));
            }
            System.out.printf("%nCandidate rules (agreement under %.2f): detected share and median IoU; a wrong cut-out is one under 0.5%n", AGREE);
            System.out.println("| kind | stage as built | (a) decline on disagreement | (b) the model's mask on disagreement |");
            System.out.println("|---|---|---|---|");
            for (var e : rows.entrySet()) {
                List<double[]> r = e.getValue();
                if (e.getKey() == RealComposites.Kind.NO_PRODUCT) {
                    System.out.printf("| no_product | %d of %d detected | %d of %d | %d of %d |%n", count(r, 4), r.size(), count(r, 5),
                            r.size(), count(r, 4), r.size());
                    continue;
                }
                System.out.printf("| %s | %d of %d, %.3f, %d wrong | %d of %d, %.3f, %d wrong | %d of %d, %.3f, %d wrong |%n",
                        e.getKey().name().toLowerCase(), count(r, 4), r.size(), median(r, 1), wrong(r, 4, 1),
                        count(r, 5), r.size(), median(r, 6), wrong(r, 5, 6), count(r, 4), r.size(), median(r, 7), wrong(r, 4, 7));
            }
        }
    }

    private static int count(List<double[]> rows, int col) {
        return (int) rows.stream().filter(v -> v[col] > 0).count();
    }

    /** Detected (by column {@code det}) with an IoU (column {@code iou}) under 0.5. */
    private static int wrong(List<double[]> rows, int det, int iou) {
        return (int) rows.stream().filter(v -> v[det] > 0 && v[iou] < 0.5).count();
    }

    /** The model's first output, min-max normalised to 0..1 as the reference pipeline does, at 320x320. */
    static float[] saliency(OrtEnvironment env, OrtSession session, String input, BufferedImage img) throws Exception {
        BufferedImage small = new BufferedImage(SIDE, SIDE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = small.createGraphics();
        g.drawImage(img.getScaledInstance(SIDE, SIDE, Image.SCALE_AREA_AVERAGING), 0, 0, null);
        g.dispose();
        int[] px = small.getRGB(0, 0, SIDE, SIDE, null, 0, SIDE);
        float max = 1;
        for (int p : px) max = Math.max(max, Math.max((p >> 16) & 255, Math.max((p >> 8) & 255, p & 255)));
        float[] t = new float[3 * SIDE * SIDE];
        for (int i = 0; i < px.length; i++) {
            for (int c = 0; c < 3; c++) {
                float v = ((px[i] >> (16 - 8 * c)) & 255) / max;
                t[c * SIDE * SIDE + i] = (v - MEAN[c]) / STD[c];
            }
        }
        try (OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(t), new long[] {1, 3, SIDE, SIDE});
             OrtSession.Result res = session.run(Map.of(input, x))) {
            float[][][][] o = (float[][][][]) res.get(0).getValue();
            float[] m = new float[SIDE * SIDE];
            float lo = Float.MAX_VALUE, hi = -Float.MAX_VALUE;
            for (int y = 0; y < SIDE; y++) {
                for (int xx = 0; xx < SIDE; xx++) {
                    float v = o[0][0][y][xx];
                    m[y * SIDE + xx] = v;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
            int above = 0;
            for (float v : m) if (v > 0.5f) above++;
            rawMax = hi;
            rawShare = above / (float) m.length;
            for (int i = 0; i < m.length; i++) m[i] = (m[i] - lo) / Math.max(1e-6f, hi - lo);
            return m;
        }
    }

    /** Bilinear up to the photo's size, cut at 0.5. */
    static boolean[] threshold(float[] m, int w, int h) {
        boolean[] out = new boolean[w * h];
        for (int y = 0; y < h; y++) {
            double fy = Math.max(0, Math.min(SIDE - 1, (y + 0.5) * SIDE / h - 0.5));
            int y0 = (int) fy, y1 = Math.min(SIDE - 1, y0 + 1);
            double ty = fy - y0;
            for (int x = 0; x < w; x++) {
                double fx = Math.max(0, Math.min(SIDE - 1, (x + 0.5) * SIDE / w - 0.5));
                int x0 = (int) fx, x1 = Math.min(SIDE - 1, x0 + 1);
                double tx = fx - x0;
                double v = (m[y0 * SIDE + x0] * (1 - tx) + m[y0 * SIDE + x1] * tx) * (1 - ty)
                        + (m[y1 * SIDE + x0] * (1 - tx) + m[y1 * SIDE + x1] * tx) * ty;
                out[y * w + x] = v > 0.5;
            }
        }
        return out;
    }

    static double iou(boolean[] a, boolean[] b) {
        int inter = 0, union = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] && b[i]) inter++;
            if (a[i] || b[i]) union++;
        }
        return union == 0 ? 0 : inter / (double) union;
    }

    /** The median as the subject scorecard takes it (the mean of the middle two for an even count). */
    static double median(List<double[]> rows, int col) {
        List<Double> v = new ArrayList<>();
        for (double[] r : rows) v.add(r[col]);
        Collections.sort(v);
        int n = v.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
    }
}
