package dev.cardgen.generation;

import dev.cardgen.core.Json;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.asset.Asset;
import dev.cardgen.asset.AssetBlobs;
import dev.cardgen.asset.AssetCutouts;
import dev.cardgen.jobs.JobContext;
import dev.cardgen.jobs.JobFailure;
import dev.cardgen.jobs.JobHandler;
import dev.cardgen.jobs.RenderStep;
import dev.cardgen.jobs.RenderThreads;
import dev.cardgen.jobs.StoredImages;
import dev.cardgen.metrics.Metrics;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.render.Previews;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.Scene;
import dev.cardgen.render.text.Texts;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.stream.EventLog;
import dev.cardgen.stream.StreamEvent;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.awt.image.BufferedImage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * Runs one generation through the engine's four stages, storing each variant's design and preview
 * as it is ready and announcing it. Safe to run again after a crash: variants already stored are
 * neither redone nor announced twice, and progress never goes back.
 */
@ApplicationScoped
public class GenerationJob implements JobHandler {

    @Inject
    GenerationService generations;
    @Inject
    EventLog events;
    @Inject
    BlobStore blobs;
    @Inject
    ObjectMapper json;
    @Inject
    GenerationConfig settings;
    @Inject
    Metrics metrics;
    @Inject
    Clock clock;
    @Inject
    RenderThreads renderThreads;

    @Override
    public String kind() {
        return GenerationService.JOB_KIND;
    }

    @Override
    public void giveUp(String generationId, String reason) {
        generations.fail(generationId, "internal_error", "The generation could not be completed.");
    }

    @Override
    public void run(JobContext ctx) {
        String id = ctx.refId();
        if (!generations.start(id)) {
            generations.appendTerminal(id); // finished earlier; make sure the stream says so
            return;
        }
        Generation g = generations.find(id).orElseThrow();
        Progress progress = new Progress(g.id, events.read(g.id, 0));
        try {
            progress.emit("subject", 0.05);
            Cutout product = product(g);
            progress.emit("scene", 0.2);
            long t0 = System.nanoTime();
            Texts texts = generations.readTexts(g);
            Ratio ratio = Ratio.parse(g.ratio).orElseThrow();
            List<Design> designs = engine(g, () -> Scene.designs(product.image(), texts, g.template, ratio, g.variantsRequested, g.seed, g.locale));
            metrics.stage("scene", System.nanoTime() - t0);
            progress.emit("layout", 0.3);
            progress.emit("render", 0.4);
            // The variants render side by side; each is stored and announced in its order as it is ready.
            // The cut-out's copy is stored beside them, last in line.
            List<Future<byte[]>> previews = new ArrayList<>();
            for (int i = 0; i < designs.size(); i++) {
                Design design = designs.get(i);
                previews.add(progress.announced(i) ? null : renderThreads.submit(() -> preview(g, design, product.image())));
            }
            Future<Boolean> productStored = product.stored() ? null : renderThreads.submit(() -> storeProduct(g, product.image()));
            try {
                for (int i = 0; i < designs.size(); i++) {
                    if (previews.get(i) == null) {
                        continue;
                    }
                    byte[] jpeg = RenderThreads.await(previews.get(i));
                    checkTime(g);
                    if (Thread.currentThread().isInterrupted() || !storeVariant(g, i, designs.get(i), jpeg)) {
                        return; // released at shutdown (another instance goes on from the announced variants), or canceled
                    }
                    progress.variant(i, generations.previewUrl(g, i));
                    progress.emit("render", 0.4 + 0.6 * (i + 1) / designs.size());
                }
                if (productStored != null) {
                    RenderThreads.await(productStored);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return; // released at shutdown, as above
            } finally {
                previews.forEach(f -> {
                    if (f != null) {
                        f.cancel(true);
                    }
                });
                if (productStored != null) {
                    productStored.cancel(true);
                }
            }
            generations.complete(g.id);
        } catch (JobFailure f) {
            if (ctx.released()) {
                throw f; // interrupted at scale-in: the job is already back in the queue
            }
            generations.fail(g.id, f.code(), f.getMessage());
        }
    }

    /** A variant's preview, drawn and encoded (on a render thread). */
    private byte[] preview(Generation g, Design design, BufferedImage product) {
        int[] size = previewSize(design.ratio());
        long t0 = System.nanoTime();
        BufferedImage preview = engine(g, () -> CardRenderer.render(design, product, size[0], size[1]));
        metrics.stage("render", System.nanoTime() - t0);
        return engine(g, () -> ImageEncoder.jpeg(preview, 0.88f));
    }

    /** Stores a variant's preview and design; false when the generation was canceled meanwhile. */
    private boolean storeVariant(Generation g, int index, Design design, byte[] jpeg) {
        int[] size = previewSize(design.ratio());
        blobs.put(GenerationBlobs.preview(g.id, index), jpeg, "image/jpeg");
        return generations.addVariant(g.id, index, Json.write(json, design), size[0], size[1]);
    }

    /** Preview canvas of a ratio: the 1200 px preset size scaled to at most 800 px. */
    static int[] previewSize(String ratioId) {
        Ratio r = Ratio.parse(ratioId).orElseThrow();
        return Previews.size(1200, 1200 * r.h() / r.w());
    }

    /** The product cut-out, and whether the generation holds its copy already. */
    private record Cutout(BufferedImage image, boolean stored) {
    }

    /** The product cut-out: stored with the generation the first time ({@link #storeProduct}), so it outlives the asset. */
    private Cutout product(Generation g) {
        String key = GenerationBlobs.product(g.id);
        if (blobs.stat(key).isPresent()) {
            return new Cutout(readImage(key, "render_failed"), true);
        }
        Asset asset = QuarkusTransaction.joiningExisting().call(() -> Asset.<Asset>findById(g.assetId));
        if (asset == null || asset.deletedAt != null) {
            throw new JobFailure("asset_deleted", "The asset was deleted before the generation ran.");
        }
        // The cut-out version the generation was created with: a seller's later edit does not reach it.
        BufferedImage working = readImage(AssetBlobs.workingCopy(asset), "asset_unreadable");
        byte[] mask = StoredImages.bytes(blobs, AssetBlobs.mask(asset.id, g.cutoutVersion), missing("asset_unreadable"));
        return new Cutout(engine(g, () -> AssetCutouts.cut(asset, g.cutoutVersion, working, mask)), false);
    }

    /** The generation's copy of its cut-out, which exports read (on a render thread, beside the variants). */
    private boolean storeProduct(Generation g, BufferedImage cutout) {
        byte[] png = engine(g, () -> ImageEncoder.pngInternal(cutout));
        blobs.put(GenerationBlobs.product(g.id), png, "image/png");
        return true;
    }

    /** A step of the engine: its failure ends the generation render_failed, not retried. */
    private static <T> T engine(Generation g, Supplier<T> step) {
        return RenderStep.run(g.id, "The card could not be rendered.", step);
    }

    private BufferedImage readImage(String key, String code) {
        return StoredImages.read(blobs, key, missing(code), new JobFailure(code, "A stored image could not be read."));
    }

    private static JobFailure missing(String code) {
        return new JobFailure(code, "A stored image is missing.");
    }

    private void checkTime(Generation g) {
        if (g.startedAt != null && Duration.between(g.startedAt, clock.instant()).compareTo(settings.timeout()) > 0) {
            throw new JobFailure("timeout", "The generation took longer than " + settings.timeout().toSeconds() + " s.");
        }
    }

    /** What the stream already said, so a resumed run neither repeats a variant nor lowers progress. */
    private final class Progress {
        private final String generationId;
        private final Set<Integer> announced = new HashSet<>();
        private double last = -1;

        Progress(String generationId, List<StreamEvent> past) {
            this.generationId = generationId;
            for (StreamEvent e : past) {
                try {
                    var data = json.readTree(e.dataJson());
                    if (StreamEvent.VARIANT.equals(e.event())) {
                        announced.add(data.get("index").asInt());
                    } else if (StreamEvent.PROGRESS.equals(e.event())) {
                        last = Math.max(last, data.get("progress").asDouble());
                    }
                } catch (JsonProcessingException ex) {
                    throw new IllegalStateException(ex);
                }
            }
        }

        boolean announced(int index) {
            return announced.contains(index);
        }

        void emit(String stage, double value) {
            double rounded = Math.round(value * 1000) / 1000.0;
            if (rounded <= last) {
                return;
            }
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("generation_id", generationId);
            data.put("stage", stage);
            data.put("progress", rounded);
            events.append(generationId, StreamEvent.PROGRESS, data);
            last = rounded;
        }

        void variant(int index, String previewUrl) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("generation_id", generationId);
            data.put("index", index);
            data.put("preview_url", previewUrl);
            events.append(generationId, StreamEvent.VARIANT, data);
            announced.add(index);
        }
    }
}
