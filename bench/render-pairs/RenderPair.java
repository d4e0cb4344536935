import dev.cardgen.render.Canvases;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Cutouts;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.text.Texts;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.function.LongSupplier;
import javax.imageio.ImageIO;

/**
 * One card rendered by one build (loaded in that build's own class loader): each call renders it
 * once and returns the CPU nanoseconds it took, the calling thread's (render alone) or every Java
 * thread's (render and the export's PNG, whose deflate may run on the pool). The cut-out is read back from a
 * PNG, as the service decodes a stored one.
 */
public final class RenderPair implements LongSupplier {
    private final Design design;
    private final BufferedImage cut;
    private final int w;
    private final int h;
    private final boolean png;

    public RenderPair(String template, String product, int w, int h, boolean png) throws Exception {
        BufferedImage c = product.equals("bottle") ? Cutouts.bottle(new Color(200, 60, 50)) : Cutouts.photographed(product + ".jpg");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(c, "png", bytes);
        cut = ImageIO.read(new ByteArrayInputStream(bytes.toByteArray()));
        Texts texts = new Texts("Hydrating Face Serum with Hyaluronic Acid", "Deep moisture for all skin types",
                List.of("72-hour hydration", "Vegan, cruelty-free", "Dermatologist tested"), "NEW");
        design = Scene.designs(cut, texts, template, Ratio.R3_4, 1, 1).get(0);
        this.w = w;
        this.h = h;
        this.png = png;
    }

    @Override
    public long getAsLong() {
        long t0 = cpu();
        BufferedImage card = CardRenderer.render(design, cut, w, h);
        if (png) {
            ImageEncoder.pngCard(card);
        }
        long t = cpu() - t0;
        Canvases.giveBack(card);
        return t;
    }

    /** The calling thread's CPU, or with {@code png} every Java thread's (the deflate runs on the pool; JIT and GC not counted). */
    private long cpu() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        if (!png) {
            return mx.getCurrentThreadCpuTime();
        }
        long sum = 0;
        for (long id : mx.getAllThreadIds()) {
            sum += Math.max(0, mx.getThreadCpuTime(id));
        }
        return sum;
    }
}
