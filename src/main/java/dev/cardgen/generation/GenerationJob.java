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
import java.util.Optional;
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
    @Inject
    KeptProducts keptProducts;

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
        Start start = QuarkusTransaction.requiringNew().call(() -> start(id));
        if (start == null) {
            generations.appendTerminal(id); // finished earlier; make sure the stream says so
            return;
        }
        Generation g = start.generation();
        Progress progress = start.progress();
        try {
            Cutout product = product(g, start.asset());
            progress.emit("scene", 0.2);
            long t0 = System.nanoTime();
            Texts texts = generations.readTexts(g);
            Ratio ratio = Ratio.parse(g.ratio).orElseThrow();
            List<Design> designs = engine(g, () -> Scene.designs(product.product().image(), texts, g.template, ratio, g.variantsRequested, g.seed, g.locale));
            metrics.stage("scene", System.nanoTime() - t0);
            progress.emit(List.of(new Stage("layout", 0.3), new Stage("render", 0.4)));
            // The variants render side by side; each is stored and announced in its order as it is ready.
            // The cut-out's copy is stored beside them, last in line.
            List<Future<byte[]>> previews = new ArrayList<>();
            for (int i = 0; i < designs.size(); i++) {
                Design design = designs.get(i);
                previews.add(progress.announced(i) ? null : renderThreads.submit(() -> preview(g, design, product.product().image())));
            }
            Future<Boolean> productStored = product.stored() ? null : renderThreads.submit(() -> storeProduct(g, product.product()));
            try {
                for (int i = 0; i < designs.size(); i++) {
                    if (previews.get(i) == null) {
                        continue;
                    }
                    byte[] jpeg = RenderThreads.await(previews.get(i));
                    checkTime(g);
                    if (Thread.currentThread().isInterrupted()
                            || !storeVariant(g, i, designs.get(i), jpeg, progress, 0.4 + 0.6 * (i + 1) / designs.size())) {
                        return; // released at shutdown (another instance goes on from the announced variants), or canceled
                    }
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

    /** A run begun: the generation, what its stream has said, and its asset's row (null once deleted). */
    private record Start(Generation generation, Progress progress, Asset asset) {
    }

    /**
     * Begins a run in the caller's transaction: the generation running (null when it had finished), what
     * its stream already said, its {@code subject} stage and its asset's row.
     */
    private Start start(String id) {
        Optional<Generation> started = generations.start(id);
        if (started.isEmpty()) {
            return null;
        }
        Generation g = started.get();
        Progress progress = new Progress(g.id, events.read(g.id, 0));
        progress.emitInTransaction(new Stage("subject", 0.05));
        return new Start(g, progress, Asset.findById(g.assetId));
    }

    /** A variant's preview, drawn and encoded (on a render thread). */
    private byte[] preview(Generation g, Design design, BufferedImage product) {
        int[] size = previewSize(design.ratio());
        long t0 = System.nanoTime();
        BufferedImage preview = engine(g, () -> CardRenderer.render(design, product, size[0], size[1]));
        metrics.stage("render", System.nanoTime() - t0);
        return engine(g, () -> ImageEncoder.jpeg(preview, 0.88f));
    }

    /**
     * Stores a variant's preview, then its design with its {@code variant} event and the render stage's
     * {@code progress} in one transaction; false when the generation was canceled meanwhile.
     */
    private boolean storeVariant(Generation g, int index, Design design, byte[] jpeg, Progress progress, double rendered) {
        int[] size = previewSize(design.ratio());
        blobs.put(GenerationBlobs.preview(g.id, index), jpeg, "image/jpeg");
        Progress.Announcement said = progress.variant(index, generations.previewUrl(g, index), new Stage("render", rendered));
        if (!generations.addVariant(g.id, index, Json.write(json, design), size[0], size[1], said.events())) {
            return false;
        }
        progress.said(said);
        return true;
    }

    /** Preview canvas of a ratio: the 1200 px preset size scaled to at most 800 px. */
    static int[] previewSize(String ratioId) {
        Ratio r = Ratio.parse(ratioId).orElseThrow();
        return Previews.size(1200, 1200 * r.h() / r.w());
    }

    /** The product cut-out, and whether the generation holds its copy already. */
    private record Cutout(KeptProducts.Product product, boolean stored) {
    }

    /**
     * The product cut-out: stored with the generation the first time ({@link #storeProduct}), so it outlives
     * the asset; the one kept from an earlier generation of the same cut-out when there is one.
     */
    private Cutout product(Generation g, Asset asset) {
        String key = GenerationBlobs.product(g.id);
        if (blobs.stat(key).isPresent()) {
            return new Cutout(new KeptProducts.Product(readImage(key, "render_failed")), true);
        }
        if (asset == null || asset.deletedAt != null) {
            throw new JobFailure("asset_deleted", "The asset was deleted before the generation ran.");
        }
        // The cut-out version the generation was created with: a seller's later edit does not reach it.
        KeptProducts.Key kept = KeptProducts.Key.of(asset, g.cutoutVersion);
        Optional<KeptProducts.Product> hit = keptProducts.get(kept);
        if (hit.isEmpty()) {
            BufferedImage working = readImage(AssetBlobs.workingCopy(asset), "asset_unreadable");
            byte[] mask = StoredImages.bytes(blobs, AssetBlobs.mask(asset.id, g.cutoutVersion), missing("asset_unreadable"));
            hit = Optional.of(keptProducts.keep(kept, engine(g, () -> AssetCutouts.cut(asset, g.cutoutVersion, working, mask))));
        }
        keptProducts.usedBy(g.id, kept); // its exports draw this product instead of decoding the copy stored below
        return new Cutout(hit.get(), false);
    }

    /** The generation's copy of its cut-out, which exports read (on a render thread, beside the variants). */
    private boolean storeProduct(Generation g, KeptProducts.Product product) {
        byte[] png = engine(g, product::png);
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

    /** A stage of the stream's {@code progress} events and where it stands, 0 to 1. */
    private record Stage(String name, double progress) {
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
            emit(List.of(new Stage(stage, value)));
        }

        /** The stages that move progress on, appended together in their own transaction. */
        void emit(List<Stage> stages) {
            List<EventLog.Next> next = moving(stages);
            if (!next.isEmpty()) {
                events.appendAll(generationId, next);
                last = reached(stages);
            }
        }

        /** As {@link #emit(List)}, in the caller's transaction: a run whose transaction rolls back ends there. */
        void emitInTransaction(Stage stage) {
            List<EventLog.Next> next = moving(List.of(stage));
            if (!next.isEmpty()) {
                events.appendInTransaction(generationId, next);
                last = reached(List.of(stage));
            }
        }

        /** The events of those of {@code stages} that move progress on. */
        private List<EventLog.Next> moving(List<Stage> stages) {
            List<EventLog.Next> next = new ArrayList<>();
            double at = last;
            for (Stage s : stages) {
                double rounded = rounded(s.progress());
                if (rounded > at) {
                    next.add(new EventLog.Next(StreamEvent.PROGRESS, progressEvent(s.name(), rounded)));
                    at = rounded;
                }
            }
            return next;
        }

        private double reached(List<Stage> stages) {
            double at = last;
            for (Stage s : stages) {
                at = Math.max(at, rounded(s.progress()));
            }
            return at;
        }

        /** A variant's events, appended by the caller with the variant: its announcement, then {@code stage} if it moves progress on. */
        Announcement variant(int index, String previewUrl, Stage stage) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("generation_id", generationId);
            data.put("index", index);
            data.put("preview_url", previewUrl);
            List<EventLog.Next> next = new ArrayList<>();
            next.add(new EventLog.Next(StreamEvent.VARIANT, data));
            double rounded = rounded(stage.progress());
            if (rounded > last) {
                next.add(new EventLog.Next(StreamEvent.PROGRESS, progressEvent(stage.name(), rounded)));
            }
            return new Announcement(index, Math.max(last, rounded), next);
        }

        /** Once {@code a}'s events are committed. */
        void said(Announcement a) {
            announced.add(a.index());
            last = a.progress();
        }

        private Map<String, Object> progressEvent(String stage, double rounded) {
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("generation_id", generationId);
            data.put("stage", stage);
            data.put("progress", rounded);
            return data;
        }

        private static double rounded(double value) {
            return Math.round(value * 1000) / 1000.0;
        }

        /** The events announcing variant {@code index}, and the progress they bring the stream to. */
        record Announcement(int index, double progress, List<EventLog.Next> events) {
        }
    }
}
