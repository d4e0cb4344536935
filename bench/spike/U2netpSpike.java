package spike;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.cardgen.render.fixtures.ProceduralBackdrops;
import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SubjectScorecard;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * A spike, not part of the service or its build: the u2netp salient-object model (U^2-Net's small
 * variant) run through ONNX Runtime's Java binding on one thread, on the composite photo set,
 * beside today's subject stage (run and scored as the subject scorecard does). Per photo: the
 * model's IoU against the known alpha, the stage's (0 when it declined), how much the two masks
 * agree, the model's mask area, CPU time and raw output; then a line per background kind, and two
 * candidate rules for when the masks disagree. Usage: model.onnx tuning|held-out|procedural width height.
 */
public final class U2netpSpike {

    private static final int SIDE = 320;
    /** The candidate rules' agreement threshold (IoU of the stage's mask against the model's). */
    private static final double AGREE = Double.parseDouble(System.getProperty("spike.agree", "0.7"));
    private static final float[] MEAN = {0.485f, 0.456f, 0.406f};
    private static final float[] STD = {0.229f, 0.224f, 0.225f};

    /** The model's map at 320x320, min-max normalised; its largest raw value and raw share above 0.5. */
    record Saliency(float[] map, float rawMax, float rawShare) {
    }

    /**
     * One photo. IoUs are NaN on scenes without a product; {@code agree} is NaN where the stage
     * declined. (a) declines on disagreement, (b) takes the model's mask then.
     */
    record Row(RealComposites.Kind kind, double model, double stage, boolean detected, double agree, double area,
               double ms) {
        boolean agrees() {
            return detected && agree >= AGREE;
        }

        double declineIou() {
            return agrees() ? stage : 0;
        }

        double swapIou() {
            return !detected ? 0 : agrees() ? stage : model;
        }
    }

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
            Map<RealComposites.Kind, List<Row>> rows = new EnumMap<>(RealComposites.Kind.class);
            System.out.printf("%-55s %7s %7s %7s %7s %6s %7s %7s%n", "photo", "model", "stage", "agree", "area", "ms", "rawmax", "raw>.5");
            SubjectScorecard.run(scenes, stage -> {
                RealComposites.Scene s = stage.scene();
                long c0 = mx.getCurrentThreadCpuTime();
                Saliency sal;
                try {
                    sal = saliency(env, session, input, s.image());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                boolean[] model = threshold(sal.map(), w, h);
                double ms = (mx.getCurrentThreadCpuTime() - c0) / 1e6;
                byte[] m = ((DataBufferByte) stage.subject().mask().getRaster().getDataBuffer()).getData();
                boolean detected = stage.subject().detected();
                int area = 0;
                for (boolean b : model) if (b) area++;
                Row r = new Row(s.kind(), s.truth() == null ? Double.NaN : SyntheticPhotos.iou(s.truth(), mask(model)),
                        s.truth() == null ? Double.NaN : stage.iou(), detected,
                        detected ? SyntheticPhotos.iou(model, m) : Double.NaN, area / (double) (w * h), ms);
                System.out.printf("%-55s %7.3f %7.3f %7.3f %7.3f %6.0f %7.3f %7.3f%n", s.name(), r.model(), r.stage(), r.agree(),
                        r.area(), r.ms(), sal.rawMax(), sal.rawShare());
                rows.computeIfAbsent(s.kind(), k -> new ArrayList<>()).add(r);
            });
            System.out.printf("%n%s, %dx%d, java %s%n", part, w, h, System.getProperty("java.version"));
            System.out.println("| kind | n | model median IoU | model IoU >= 0.9 | stage median IoU | model mask area, median (max) | model CPU ms, median |");
            System.out.println("|---|---|---|---|---|---|---|");
            for (var e : rows.entrySet()) {
                List<Row> r = e.getValue();
                boolean product = e.getKey() != RealComposites.Kind.NO_PRODUCT;
                System.out.printf("| %s | %d | %s | %s | %s | %.3f (%.3f) | %.0f |%n", e.getKey().name().toLowerCase(), r.size(),
                        product ? String.format("%.3f", median(r, Row::model)) : "-",
                        product ? count(r, v -> v.model() >= 0.9) + " of " + r.size() : "-",
                        product ? String.format("%.3f", median(r, Row::stage)) : "-",
                        median(r, Row::area), r.stream().mapToDouble(Row::area).max().orElse(0), median(r, Row::ms));
            }
            System.out.printf("%nCandidate rules (agreement under %.2f): detected share and median IoU; a wrong cut-out is one under 0.5%n", AGREE);
            System.out.println("| kind | stage as built | (a) decline on disagreement | (b) the model's mask on disagreement |");
            System.out.println("|---|---|---|---|");
            for (var e : rows.entrySet()) {
                List<Row> r = e.getValue();
                int detected = count(r, Row::detected);
                if (e.getKey() == RealComposites.Kind.NO_PRODUCT) {
                    System.out.printf("| no_product | %d of %d detected | %d of %d | %d of %d |%n", detected, r.size(),
                            count(r, Row::agrees), r.size(), detected, r.size());
                    continue;
                }
                System.out.printf("| %s | %d of %d, %.3f, %d wrong | %d of %d, %.3f, %d wrong | %d of %d, %.3f, %d wrong |%n",
                        e.getKey().name().toLowerCase(),
                        detected, r.size(), median(r, Row::stage), count(r, v -> v.detected() && v.stage() < 0.5),
                        count(r, Row::agrees), r.size(), median(r, Row::declineIou), count(r, v -> v.agrees() && v.stage() < 0.5),
                        detected, r.size(), median(r, Row::swapIou), count(r, v -> v.detected() && v.swapIou() < 0.5));
            }
        }
    }

    private static int count(List<Row> rows, Predicate<Row> p) {
        return (int) rows.stream().filter(p).count();
    }

    private static double median(List<Row> rows, ToDoubleFunction<Row> col) {
        return SubjectScorecard.median(rows.stream().mapToDouble(col).toArray());
    }

    /** The model's first output, min-max normalised to 0..1 as the reference pipeline does, at 320x320. */
    static Saliency saliency(OrtEnvironment env, OrtSession session, String input, BufferedImage img) throws Exception {
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
            int above = 0;
            for (int y = 0; y < SIDE; y++) {
                for (int xx = 0; xx < SIDE; xx++) {
                    float v = o[0][0][y][xx];
                    m[y * SIDE + xx] = v;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                    if (v > 0.5f) above++;
                }
            }
            for (int i = 0; i < m.length; i++) m[i] = (m[i] - lo) / Math.max(1e-6f, hi - lo);
            return new Saliency(m, hi, above / (float) m.length);
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

    /** A boolean mask as the 8-bit mask the scorecard's IoU reads. */
    private static byte[] mask(boolean[] m) {
        byte[] out = new byte[m.length];
        for (int i = 0; i < m.length; i++) out[i] = m[i] ? (byte) 255 : 0;
        return out;
    }
}
