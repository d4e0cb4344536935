package dev.cardgen.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.export.checks.ExportCheck;
import dev.cardgen.export.checks.ExportChecker;
import dev.cardgen.export.checks.RuleSets;
import dev.cardgen.asset.OriginalCutouts;
import dev.cardgen.generation.Generation;
import dev.cardgen.generation.GenerationBlobs;
import dev.cardgen.generation.GenerationVariant;
import dev.cardgen.generation.KeptProducts;
import dev.cardgen.jobs.JobContext;
import dev.cardgen.jobs.JobFailure;
import dev.cardgen.metrics.Metrics;
import dev.cardgen.jobs.JobHandler;
import dev.cardgen.jobs.RenderStep;
import dev.cardgen.jobs.StoredImages;
import dev.cardgen.render.Canvases;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Design;
import dev.cardgen.render.ProductPixels;
import dev.cardgen.storage.BlobStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import dev.cardgen.core.StageTimes;
import dev.cardgen.core.Trace;
import org.jboss.logging.Logger;

import java.awt.image.BufferedImage;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Renders one export from the variant's stored design and the generation's product cut-out (not the
 * asset, which may be gone), at the preset's exact size; where the card's box for the product is
 * larger than the cut-out and the asset's original photo is still stored, the product's pixels come
 * from the original (see {@link OriginalCutouts}). A design made for another ratio is laid
 * out again for the preset's ratio, never stretched or cropped. The file is checked against the
 * preset's marketplace rule set before it is stored, and the checks are written with it. Safe to repeat: the key is fixed and
 * the same design renders the same bytes.
 */
@ApplicationScoped
public class ExportJob implements JobHandler {

    private static final Logger LOG = Logger.getLogger(ExportJob.class);
    private static final JobFailure SOURCE_MISSING = new JobFailure("source_missing", "The product image of this generation is missing.");
    private static final JobFailure CUTOUT_UNREADABLE = new JobFailure("render_failed",
            "The product image of this generation could not be read.");

    @Inject
    Metrics metrics;
    @Inject
    ExportService exports;
    @Inject
    BlobStore blobs;
    @Inject
    ObjectMapper json;
    @Inject
    RuleSets ruleSets;
    @Inject
    OriginalCutouts originals;
    @Inject
    Clock clock;
    @Inject
    KeptProducts keptProducts;

    @Override
    public String kind() {
        return ExportService.JOB_KIND;
    }

    @Override
    public void giveUp(String exportId, String reason) {
        exports.fail(exportId, "internal_error", "The export could not be produced.");
    }

    @Override
    public void run(JobContext ctx) {
        Trace.at("run", ctx.refId());
        StageTimes times = new StageTimes();
        Export e = exports.find(ctx.refId()).orElse(null);
        if (e == null || e.status != ExportStatus.PROCESSING) {
            return;
        }
        mark(times, "find", ctx.refId());
        long queued = Duration.between(e.createdAt, clock.instant()).toMillis();
        try {
            Design design = designFor(e);
            mark(times, "design", ctx.refId());
            // the product the generation was cut from when this instance keeps it, else the copy the generation stored
            Optional<BufferedImage> kept = keptProducts.imageOf(e.generationId);
            byte[] stored = kept.isPresent() ? null : StoredImages.bytes(blobs, GenerationBlobs.product(e.generationId), SOURCE_MISSING);
            mark(times, "get", ctx.refId());
            BufferedImage cutout = kept.isPresent() ? kept.get() : StoredImages.decode(stored, CUTOUT_UNREADABLE);
            mark(times, "decode", ctx.refId());
            ProductPixels product = productOf(e, cutout);
            mark(times, "asset", ctx.refId());
            long t0 = System.nanoTime();
            CardRenderer.Rendered card = render(design, product, e);
            metrics.stage("export", System.nanoTime() - t0);
            mark(times, "render", ctx.refId());
            ExportFormat format = ExportFormat.parse(e.format).orElseThrow();
            byte[] bytes = ExportEncoder.encode(card.image(), format);
            mark(times, "encode", ctx.refId());
            long t1 = System.nanoTime();
            List<ExportCheck> checks = ExportChecker.check(ruleSets.of(Preset.parse(e.preset).orElseThrow()), bytes, card);
            metrics.stage("checks", System.nanoTime() - t1);
            Canvases.giveBack(card.image()); // encoded and checked: its pixels serve the next export
            mark(times, "checks", ctx.refId());
            String key = ExportBlobs.file(e.id, "file." + format.extension());
            blobs.put(key, bytes, format.contentType());
            mark(times, "put", ctx.refId());
            exports.markReady(e.id, key, bytes.length, checks, card.productScale());
            mark(times, "ready", ctx.refId());
            if (LOG.isDebugEnabled()) {
                LOG.debugf("Export %s %d×%d %s, %d bytes, started %d ms after its creation; wall/CPU: %s", e.id, e.width,
                        e.height, e.format, bytes.length, queued, times);
            }
        } catch (JobFailure f) {
            exports.fail(e.id, f.code(), f.getMessage());
        }
    }

    /** A stage's end: in the debug line's times, and on the monotonic clock ({@link Trace}). */
    private static void mark(StageTimes times, String stage, String exportId) {
        times.mark(stage);
        Trace.at(stage, exportId);
    }

    /** The variant's design, with the preset's ratio when it differs (the layout is recomputed for it). */
    private Design designFor(Export e) {
        String stored = QuarkusTransaction.joiningExisting().call(() -> {
            GenerationVariant v = GenerationVariant.findById(new GenerationVariant.Key(e.generationId, e.variant));
            return v == null ? null : v.design;
        });
        if (stored == null) {
            throw new JobFailure("variant_missing", "The variant to export no longer exists.");
        }
        Design d;
        try {
            d = json.readValue(stored, Design.class);
        } catch (JsonProcessingException ex) {
            throw new JobFailure("render_failed", "The variant's design could not be read.");
        }
        String ratio = Preset.parse(e.preset).orElseThrow().ratio().id();
        return ratio.equals(d.ratio()) ? d : reRatio(d, ratio);
    }

    /** The same design for another ratio: the engine lays it out afresh at render time. */
    public static Design reRatio(Design d, String ratioId) {
        return new Design(d.version(), d.template(), ratioId, d.seed(), d.arrangement(), d.palette(), d.texts(), d.locale());
    }

    /**
     * The generation's cut-out, with the asset's original photo as the source of the product's pixels
     * where the card's box for it is larger than the cut-out (while the asset lives).
     */
    private ProductPixels productOf(Export e, BufferedImage cutout) {
        Generation g = QuarkusTransaction.joiningExisting().call(() -> Generation.<Generation>findById(e.generationId));
        return g == null ? ProductPixels.of(cutout) : ProductPixels.of(cutout, originals.sharper(g.assetId, g.cutoutVersion, cutout));
    }

    private static CardRenderer.Rendered render(Design design, ProductPixels product, Export e) {
        return RenderStep.run(e.id, "The card could not be rendered at " + e.width + "×" + e.height + ".",
                () -> CardRenderer.renderWithFacts(design, product, e.width, e.height));
    }
}
