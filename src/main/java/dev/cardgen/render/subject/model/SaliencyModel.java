package dev.cardgen.render.subject.model;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtLoggingLevel;
import ai.onnxruntime.OrtSession;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jboss.logging.Logger;

/**
 * A learned second opinion: u2netp, the small variant of the U²-Net salient-object network
 * (weights Apache-2.0, bundled as a resource with their licence), run in process by ONNX Runtime.
 * Where the hand-made cues read colour, texture and focus, it reads shape - a silhouette that is
 * whole - which is what tells a product from a backdrop of its own material. It cannot decide
 * detection alone (its map always marks something, a cat or a room as readily as a product), so
 * the stage asks it only off plain backdrops and weighs its mask against its own.
 *
 * <p>Loaded once per process, on first use (the cold start does not pay for it). When the engine
 * or the file cannot load - a platform without the engine's native library, a native image built
 * without it - {@link #shared()} is null and the stage works alone; the stage's options do the same
 * on purpose (comparisons, or an instance that must save the memory). One inference runs at a time per process: the engine's working memory
 * (about 135 MB once loaded, at the input size below) is then held once, not once per concurrent upload.
 */
public final class SaliencyModel {

    /** Input ~224x224 px at the grid's aspect, sides in steps of 32: ~135 ms on one core against ~280 at 320x320; squeezed 224x224 lost a verdict. */
    public static final int INPUT_PIXELS = 224 * 224;
    public static final int STEP = 32;
    public static final String RESOURCE = "subject/u2netp.onnx";
    private static final float[] MEAN = {0.485f, 0.456f, 0.406f};
    private static final float[] STD = {0.229f, 0.224f, 0.225f};
    private static final Logger LOG = Logger.getLogger(SaliencyModel.class);

    private final OrtEnvironment env;
    private final OrtSession session;
    private final String input;

    private SaliencyModel(OrtEnvironment env, OrtSession session) throws OrtException {
        this.env = env;
        this.session = session;
        this.input = session.getInputNames().iterator().next();
    }

    /** Loaded on first call only. */
    private static final class Shared {
        static final SaliencyModel MODEL = load(RESOURCE);
    }

    /** The bundled model, or null when it cannot run here (the stage then works alone). */
    public static SaliencyModel shared() {
        return Shared.MODEL;
    }

    /** The model in the class-path resource {@code resource}, or null (logged once) when it or the engine cannot load. */
    public static SaliencyModel load(String resource) {
        try (InputStream in = SaliencyModel.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                LOG.warnf("subject model %s not found: the subject stage works without it", resource);
                return null;
            }
            byte[] bytes = in.readAllBytes();
            OrtEnvironment env = OrtEnvironment.getEnvironment(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR, "cardgen");
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                // Two threads halve the wait on a two-core instance; more buy little at this size.
                options.setIntraOpNumThreads(Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())));
                options.setInterOpNumThreads(1);
                options.setSessionLogLevel(OrtLoggingLevel.ORT_LOGGING_LEVEL_ERROR);
                // Planned buffers cost 200 MB more at the peak and no time; idle threads must not spin.
                options.setMemoryPatternOptimization(false);
                // No CPU arena: its chunks are kept for the life of the process, so each upload's peak would stay
                // resident; without it the buffers go back to malloc (bounded by MALLOC_ARENA_MAX in the images).
                options.setCPUArenaAllocator(false);
                options.addConfigEntry("session.intra_op.allow_spinning", "0");
                return new SaliencyModel(env, env.createSession(bytes, options));
            }
        } catch (IOException | OrtException | RuntimeException | LinkageError e) {
            LOG.warnf(e, "subject model %s cannot run here: the subject stage works without it", resource);
            return null;
        }
    }

    /**
     * {@link #saliency} on the model's own thread, so that the caller goes on meanwhile; inferences run one
     * at a time on it, as they would in turn.
     */
    public Future<float[]> saliencyLater(int[] rgb, int w, int h) {
        return Runner.THREAD.submit(() -> saliency(rgb, w, h));
    }

    /** One daemon thread for every model of the process, started on first use. */
    private static final class Runner {
        static final ExecutorService THREAD = Executors.newSingleThreadExecutor(task -> {
            Thread t = new Thread(task, "cardgen-subject-model");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * The saliency of each pixel of a {@code w} x {@code h} grid of packed RGB pixels, 0 to 1
     * (the map min-max normalised, as the network's authors do), at the grid's size; null if the
     * engine failed on this photo.
     */
    public float[] saliency(int[] rgb, int w, int h) {
        int[] in = inputSize(w, h);
        int tw = in[0], th = in[1];
        float[] out;
        try {
            out = run(tensor(rgb, w, h, tw, th), tw, th);
        } catch (OrtException | RuntimeException e) {
            LOG.warnf(e, "subject model failed on a %dx%d photo: the subject stage decides alone", w, h);
            return null;
        }
        float lo = Float.MAX_VALUE, hi = -Float.MAX_VALUE;
        for (float v : out) {
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        float range = Math.max(1e-6f, hi - lo);
        for (int i = 0; i < out.length; i++) {
            out[i] = (out[i] - lo) / range;
        }
        return resize(out, tw, th, w, h);
    }

    /** The input's width and height for a {@code w} x {@code h} grid: its aspect, about {@link #INPUT_PIXELS}. */
    public static int[] inputSize(int w, int h) {
        double k = Math.sqrt((double) INPUT_PIXELS / ((double) w * h));
        return new int[] {steps(w * k), steps(h * k)};
    }

    private static int steps(double side) {
        return Math.max(STEP, (int) Math.round(side / STEP) * STEP);
    }

    private synchronized float[] run(float[] tensor, int tw, int th) throws OrtException {
        try (OnnxTensor x = OnnxTensor.createTensor(env, FloatBuffer.wrap(tensor), new long[] {1, 3, th, tw});
             OrtSession.Result result = session.run(Map.of(input, x))) {
            FloatBuffer map = ((OnnxTensor) result.get(0)).getFloatBuffer();
            float[] out = new float[tw * th];
            map.get(out);
            return out;
        }
    }

    /**
     * The network's input: the grid area-averaged to {@code tw} x {@code th} (each source pixel weighted by the
     * share of it an input pixel covers), divided by its brightest channel value, then
     * standardised per channel as in training; planar, red first.
     */
    private static float[] tensor(int[] rgb, int w, int h, int tw, int th) {
        int plane = tw * th;
        // Horizontal pass to tw x h, per channel, then vertical to tw x th.
        float[][] rows = new float[3][tw * h];
        for (int y = 0; y < h; y++) {
            for (int ox = 0; ox < tw; ox++) {
                double a = (double) ox * w / tw, b = (double) (ox + 1) * w / tw;
                float r = 0, g = 0, bl = 0;
                for (int x = (int) a; x < Math.min(w, (int) Math.ceil(b)); x++) {
                    float cover = (float) (Math.min(b, x + 1) - Math.max(a, x));
                    int p = rgb[y * w + x];
                    r += cover * ((p >> 16) & 255);
                    g += cover * ((p >> 8) & 255);
                    bl += cover * (p & 255);
                }
                float n = (float) (b - a);
                rows[0][y * tw + ox] = r / n;
                rows[1][y * tw + ox] = g / n;
                rows[2][y * tw + ox] = bl / n;
            }
        }
        float[] t = new float[3 * plane];
        float max = 1;
        for (int oy = 0; oy < th; oy++) {
            double a = (double) oy * h / th, b = (double) (oy + 1) * h / th;
            for (int c = 0; c < 3; c++) {
                for (int ox = 0; ox < tw; ox++) {
                    float v = 0;
                    for (int y = (int) a; y < Math.min(h, (int) Math.ceil(b)); y++) {
                        v += (float) (Math.min(b, y + 1) - Math.max(a, y)) * rows[c][y * tw + ox];
                    }
                    v /= (float) (b - a);
                    t[c * plane + oy * tw + ox] = v;
                    max = Math.max(max, v);
                }
            }
        }
        for (int c = 0; c < 3; c++) {
            for (int i = c * plane; i < (c + 1) * plane; i++) {
                t[i] = (t[i] / max - MEAN[c]) / STD[c];
            }
        }
        return t;
    }

    /** Bilinear resampling of a {@code sw} x {@code sh} map to {@code w} x {@code h}, pixel centres aligned. */
    public static float[] resize(float[] m, int sw, int sh, int w, int h) {
        float[] out = new float[w * h];
        for (int y = 0; y < h; y++) {
            float fy = Math.max(0, Math.min(sh - 1, (y + 0.5f) * sh / h - 0.5f));
            int y0 = (int) fy, y1 = Math.min(sh - 1, y0 + 1);
            float ty = fy - y0;
            for (int x = 0; x < w; x++) {
                float fx = Math.max(0, Math.min(sw - 1, (x + 0.5f) * sw / w - 0.5f));
                int x0 = (int) fx, x1 = Math.min(sw - 1, x0 + 1);
                float tx = fx - x0;
                out[y * w + x] = (m[y0 * sw + x0] * (1 - tx) + m[y0 * sw + x1] * tx) * (1 - ty)
                        + (m[y1 * sw + x0] * (1 - tx) + m[y1 * sw + x1] * tx) * ty;
            }
        }
        return out;
    }
}
