package dev.cardgen.generation;

import dev.cardgen.core.Json;
import dev.cardgen.core.OwnedEntity;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.account.QuotaService;
import dev.cardgen.core.AfterCommit;
import dev.cardgen.api.ApiException;
import dev.cardgen.core.BoundedCache;
import dev.cardgen.core.Ids;
import dev.cardgen.api.ListFilter;
import dev.cardgen.api.Owned;
import dev.cardgen.api.Page;
import dev.cardgen.api.PageRequest;
import dev.cardgen.api.Strings;
import dev.cardgen.core.Times;
import dev.cardgen.api.UrlSigner;
import dev.cardgen.asset.Asset;
import dev.cardgen.jobs.JobQueue;
import dev.cardgen.metrics.Metrics;
import dev.cardgen.render.Templates;
import dev.cardgen.render.TextFiller;
import dev.cardgen.render.text.Texts;
import dev.cardgen.storage.BlobNotFoundException;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.stream.EventLog;
import dev.cardgen.stream.IssuedToken;
import dev.cardgen.stream.StreamConfig;
import dev.cardgen.stream.StreamEvent;
import dev.cardgen.stream.StreamTokens;
import dev.cardgen.webhook.WebhookEvents;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Creating, reading, listing and ending generations; the state transitions all go through here. */
@ApplicationScoped
@Transactional
public class GenerationService {

    public static final String JOB_KIND = "generation";
    static final int FINISHED_CACHE_ENTRIES = 10_000;
    private static final SecureRandom SEEDS = new SecureRandom();

    private final QuotaService quota;
    private final JobQueue jobs;
    private final StreamTokens tokens;
    private final EventLog events;
    private final UrlSigner signer;
    private final ObjectMapper json;
    private final AfterCommit afterCommit;
    private final Metrics metrics;
    private final Duration streamTtl;
    private final WebhookEvents webhooks;
    private final BlobStore blobs;
    private final Clock clock;
    private final Event<GenerationFinished> finishedEvents;
    /** Finished generations never change: their records, by id, without the signed links. */
    private final BoundedCache<String, Finished> finished = new BoundedCache<>(FINISHED_CACHE_ENTRIES);

    private record Finished(String accountId, String baseUrl, GenerationView view) {
    }

    public GenerationService(QuotaService quota, JobQueue jobs, StreamTokens tokens, EventLog events, UrlSigner signer,
                             ObjectMapper json, AfterCommit afterCommit, StreamConfig streamConfig, Metrics metrics,
                             WebhookEvents webhooks, BlobStore blobs, Clock clock, Event<GenerationFinished> finishedEvents) {
        this.finishedEvents = finishedEvents;
        this.streamTtl = streamConfig.tokenTtl();
        this.webhooks = webhooks;
        this.blobs = blobs;
        this.clock = clock;
        this.quota = quota;
        this.jobs = jobs;
        this.tokens = tokens;
        this.events = events;
        this.signer = signer;
        this.json = json;
        this.afterCommit = afterCommit;
        this.metrics = metrics;
    }

    /** {@link #create(String, CreateGeneration.Valid, String, String)} without an Accept-Language. */
    public GenerationView.Created create(String accountId, CreateGeneration.Valid req, String baseUrl) {
        return create(accountId, req, baseUrl, null);
    }

    /**
     * Validated request in; the queued generation, its quota taken and its job enqueued, in one transaction.
     * {@code acceptLanguage} (the request's header, may be null) picks the locale when neither the request nor its texts do.
     */
    public GenerationView.Created create(String accountId, CreateGeneration.Valid req, String baseUrl, String acceptLanguage) {
        Asset asset = Owned.require("asset", req.assetId(), "asset_id", i -> Ids.looksLike(Ids.ASSET, i),
                i -> Asset.findLive(accountId, i));
        requireSubjectIfNeeded(req.template(), asset);
        String period = quota.currentPeriod();
        quota.take(accountId, period, req.variants());
        Generation g = newGeneration(accountId, asset, req, baseUrl, period, acceptLanguage);
        g.persist();
        IssuedToken token = tokens.issue(g.id, streamTtl);
        jobs.enqueue(JOB_KIND, g.id, g.accountId);
        return GenerationView.Created.of(g, baseUrl + "/api/v1/render-stream/" + token.token());
    }

    /** A generation asked for as one item of a batch: its asset, the validated request, and the client's reference. */
    public record Planned(Asset asset, CreateGeneration.Valid request, String reference) {
    }

    /**
     * The queued generations of a batch's items, with their jobs, in the caller's transaction. The
     * batch has taken the quota of all of them; their streams are followed through the batch's stream,
     * so no token is issued for each.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<Generation> createForBatch(String accountId, String batchId, List<Planned> planned, String baseUrl, String period) {
        List<Generation> out = new ArrayList<>(planned.size());
        for (Planned p : planned) {
            Generation g = newGeneration(accountId, p.asset(), p.request(), baseUrl, period, null);
            g.batchId = batchId;
            g.reference = p.reference();
            g.persist();
            out.add(g);
        }
        jobs.enqueueAll(JOB_KIND, out.stream().map(g -> g.id).toList(), accountId);
        return out;
    }

    /** A new queued generation asking what {@code old} asked, for a batch's retry of a failed item; the quota is the caller's. */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<Generation> recreateForBatch(List<Generation> olds, String period) {
        List<Generation> out = new ArrayList<>(olds.size());
        for (Generation old : olds) {
            Generation g = new Generation();
            g.id = Ids.next(Ids.GENERATION);
            g.accountId = old.accountId;
            g.projectId = old.projectId;
            g.assetId = old.assetId;
            g.status = GenerationStatus.QUEUED;
            g.variantsRequested = old.variantsRequested;
            g.template = old.template;
            g.marketplace = old.marketplace;
            g.ratio = old.ratio;
            g.texts = old.texts;
            g.locale = old.locale;
            g.seed = SEEDS.nextLong();
            g.cutoutVersion = old.cutoutVersion;
            g.baseUrl = old.baseUrl;
            g.quotaPeriod = period;
            g.createdAt = Times.now(clock);
            g.streamExpiresAt = g.createdAt.plus(streamTtl);
            g.batchId = old.batchId;
            g.reference = old.reference;
            g.persist();
            out.add(g);
        }
        jobs.enqueueAll(JOB_KIND, out.stream().map(g -> g.id).toList(), olds.get(0).accountId);
        return out;
    }

    /** Template white on an asset without a detected product: 409 subject_not_detected, before any quota is taken. */
    public static void requireSubjectIfNeeded(String template, Asset asset) {
        if (Templates.of(template).needsSubject() && !asset.subjectDetected) {
            // A white main image of the whole photo would be a grey rectangle.
            throw ApiException.conflict("subject_not_detected", "Template white needs an isolated product, and none was "
                    + "detected in asset " + asset.id + " (subject_detected is false). Use another template or another photo.");
        }
    }

    private Generation newGeneration(String accountId, Asset asset, CreateGeneration.Valid req, String baseUrl, String period,
                                     String acceptLanguage) {
        Generation g = new Generation();
        g.id = Ids.next(Ids.GENERATION);
        g.accountId = accountId;
        g.projectId = asset.projectId;
        g.assetId = asset.id;
        g.status = GenerationStatus.QUEUED;
        g.variantsRequested = req.variants();
        g.template = req.template();
        g.marketplace = req.marketplace();
        g.ratio = req.ratio().id();
        TextFiller.Filled filled = TextFiller.fill(req.texts(), asset.originalFilename, req.template(), req.locale(), acceptLanguage);
        g.texts = Json.write(json, filled.texts());
        g.locale = filled.locale();
        g.seed = SEEDS.nextLong();
        g.cutoutVersion = asset.cutoutVersion;
        g.baseUrl = baseUrl;
        g.quotaPeriod = period;
        g.createdAt = Times.now(clock);
        g.streamExpiresAt = g.createdAt.plus(streamTtl);
        return g;
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Generation require(String accountId, String id) {
        return Owned.require("generation", id, i -> Ids.looksLike(Ids.GENERATION, i), i -> OwnedEntity.findOwned(Generation.class, accountId, i));
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Generation> find(String id) {
        return Ids.looksLike(Ids.GENERATION, id) ? Optional.ofNullable(Generation.findById(id)) : Optional.empty();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page<Generation> list(String accountId, String projectId, String assetId, String status, PageRequest page) {
        GenerationStatus wanted = Strings.isBlank(status) ? null : GenerationStatus.parse(status).orElseThrow(
                () -> ApiException.invalidParam("status", "status must be one of queued, running, completed, failed."));
        return ListFilter.of(accountId).equal("projectId", projectId).equal("assetId", assetId).equal("status", wanted)
                .page(Generation.class, page);
    }

    /**
     * GET of one generation. A finished one is read from the database once per instance and then from
     * memory (a busy poller costs no query); its preview links are signed afresh on every read.
     */
    @Transactional(Transactional.TxType.SUPPORTS)
    public GenerationView viewOwned(String accountId, String id) {
        Optional<Finished> hit = finished.get(id).filter(f -> f.accountId().equals(accountId));
        if (hit.isPresent()) {
            GenerationView v = hit.get().view();
            return v.withVariants(v.variants().stream()
                    .map(x -> x.withPreviewUrl(previewUrl(hit.get().baseUrl(), v.id(), x.index()))).toList());
        }
        Generation g = require(accountId, id);
        GenerationView view = view(g);
        if (g.isFinished()) {
            finished.put(g.id, new Finished(g.accountId, g.baseUrl, view));
        }
        return view;
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public GenerationView view(Generation g) {
        List<GenerationView.VariantView> variants = GenerationVariant.of(g.id).stream()
                .map(v -> new GenerationView.VariantView(v.key.index(), previewUrl(g, v.key.index()), v.previewWidth, v.previewHeight))
                .toList();
        dev.cardgen.core.JobError error = g.errorCode == null ? null : new dev.cardgen.core.JobError(g.errorCode, g.errorMessage);
        return new GenerationView(g.id, "generation", g.status.wire(), g.variantsRequested, g.assetId, g.cutoutVersion, g.projectId, g.template,
                g.marketplace, g.ratio, readTexts(g), g.locale, variants, error, Times.iso(g.streamExpiresAt), Times.iso(g.createdAt),
                Times.iso(g.startedAt), Times.iso(g.completedAt), g.batchId, g.reference);
    }

    /** Signed preview address, usable in an img tag without a key for {@link UrlSigner#LINK_TTL}. */
    public String previewUrl(Generation g, int index) {
        return previewUrl(g.baseUrl, g.id, index);
    }

    private String previewUrl(String baseUrl, String generationId, int index) {
        return signer.link(baseUrl, previewPath(generationId, index)).url();
    }

    public static String previewPath(String generationId, int index) {
        return "/api/v1/generations/" + generationId + "/variants/" + index + "/preview";
    }

    /** A variant whose preview is stored: what the preview endpoint answers about, by ETag or with the image. */
    public record VariantPreview(String generationId, int index) {
    }

    /** The preview of a variant asked for with the owner's key: another account's generation is 404 alike. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public VariantPreview ownedPreview(String accountId, String id, String index) {
        return variantPreview(require(accountId, id), index);
    }

    /** The preview of a variant asked for through its signed preview_url, which the caller has verified. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public VariantPreview linkedPreview(String id, String index) {
        return variantPreview(find(id).orElseThrow(() -> ApiException.notFound("generation", id)), index);
    }

    private static VariantPreview variantPreview(Generation g, String index) {
        int i = variantIndex(index);
        if (GenerationVariant.findById(new GenerationVariant.Key(g.id, i)) == null) {
            throw ApiException.notFound("variant", index);
        }
        return new VariantPreview(g.id, i);
    }

    /** The index in a preview path, 0..3; anything else is a variant that does not exist (404). */
    public static int variantIndex(String index) {
        if (index == null || index.length() != 1 || index.charAt(0) < '0' || index.charAt(0) > '3') {
            throw ApiException.notFound("variant", index);
        }
        return Integer.parseInt(index);
    }

    /** The preview's JPEG bytes; 404 as for a variant not ready when the store no longer has them. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public byte[] previewJpeg(VariantPreview preview) {
        try (InputStream in = blobs.get(GenerationBlobs.preview(preview.generationId(), preview.index()))) {
            return in.readAllBytes();
        } catch (BlobNotFoundException e) {
            throw ApiException.notFound("variant", String.valueOf(preview.index()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** queued|running → failed with {@code canceled}; a finished one → 409. */
    public Generation cancel(String accountId, String id) {
        Generation locked = require(accountId, id);
        // require() read the row before the lock, and a find under a lock hands back that same instance without
        // reading it again: re-read it under the lock, or a completion committed meanwhile is overwritten as canceled.
        Generation.getEntityManager().refresh(locked, LockModeType.PESSIMISTIC_WRITE);
        if (locked.isFinished()) {
            throw ApiException.conflict("generation_already_finished", "This generation has already finished as '" + locked.status.wire() + "'.");
        }
        failLocked(locked, "canceled", "The generation was canceled.");
        return locked;
    }

    /** Moves a queued generation to running; empty when it has already finished (canceled, or done by an earlier attempt). */
    public Optional<Generation> start(String id) {
        Generation g = Generation.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (g == null || g.isFinished()) {
            return Optional.empty();
        }
        if (g.status == GenerationStatus.QUEUED) {
            g.status = GenerationStatus.RUNNING;
            g.startedAt = Times.now(clock);
        }
        return Optional.of(g);
    }

    /** Stores a produced variant unless the generation ended meanwhile; false then. */
    public boolean addVariant(String id, int index, String designJson, int width, int height) {
        return addVariant(id, index, designJson, width, height, List.of());
    }

    /**
     * Stores a produced variant and appends {@code announce} to the generation's stream in the same
     * transaction, unless the generation ended meanwhile; false then, and nothing is appended.
     */
    public boolean addVariant(String id, int index, String designJson, int width, int height, List<EventLog.Next> announce) {
        Generation g = Generation.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (g == null || g.isFinished()) {
            return false;
        }
        if (GenerationVariant.findById(new GenerationVariant.Key(id, index)) == null) {
            GenerationVariant v = new GenerationVariant();
            v.key = new GenerationVariant.Key(id, index);
            v.design = designJson;
            v.previewWidth = width;
            v.previewHeight = height;
            v.createdAt = Times.now(clock);
            v.persist();
        }
        events.appendInTransaction(id, announce);
        return true;
    }

    /** Running → completed, its {@code done} event appended in the same transaction; false when it had already finished. */
    public boolean complete(String id) {
        Generation g = Generation.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (g == null || g.isFinished()) {
            return false;
        }
        g.status = GenerationStatus.COMPLETED;
        g.completedAt = Times.now(clock);
        webhooks.publish(g.accountId, WebhookEvents.GENERATION_COMPLETED, () -> view(g));
        finishedEvents.fire(new GenerationFinished(g.id, g.batchId, g.status, null, null));
        events.appendInTransaction(g.id, List.of(new EventLog.Next(StreamEvent.DONE, terminalData(g))));
        afterCommit.run(() -> metrics.generationFinished(GenerationStatus.COMPLETED.wire(), null));
        return true;
    }

    /** Ends a generation as failed with one of the documented failure codes (README, Generations), once; later calls do nothing. */
    public void fail(String id, String code, String message) {
        Generation g = Generation.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (g != null && !g.isFinished()) {
            failLocked(g, code, message);
        }
    }

    private void failLocked(Generation g, String code, String message) {
        g.status = GenerationStatus.FAILED;
        g.errorCode = code;
        g.errorMessage = message;
        g.completedAt = Times.now(clock);
        long produced = GenerationVariant.count("key.generationId", g.id);
        quota.refund(g.accountId, g.quotaPeriod, g.variantsRequested - (int) produced);
        webhooks.publish(g.accountId, WebhookEvents.GENERATION_FAILED, () -> view(g));
        finishedEvents.fire(new GenerationFinished(g.id, g.batchId, g.status, code, message));
        afterCommit.run(() -> {
            appendTerminal(g.id);
            metrics.generationFinished(GenerationStatus.FAILED.wire(), code);
        });
    }

    /**
     * The stream's last word, {@code done} or {@code error}, appended once the status it reports has
     * committed, unless the stream has it already ({@link #complete} appends its {@code done} with the
     * status). A crash between a failure and its event is mended by the job, which runs again and calls this.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public void appendTerminal(String id) {
        Map<String, Object> data = QuarkusTransaction.requiringNew().call(() -> terminalData(id));
        if (data == null) {
            return;
        }
        boolean said = events.read(id, 0).stream().anyMatch(StreamEvent::terminal);
        if (!said) {
            events.append(id, data.containsKey("code") ? StreamEvent.ERROR : StreamEvent.DONE, data);
        }
    }

    /** The data of the terminal event for a finished generation, else null. */
    private static Map<String, Object> terminalData(String id) {
        Generation g = Generation.findById(id);
        return g == null || !g.isFinished() ? null : terminalData(g);
    }

    private static Map<String, Object> terminalData(Generation g) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("generation_id", g.id);
        if (g.status == GenerationStatus.COMPLETED) {
            data.put("status", GenerationStatus.COMPLETED.wire());
            data.put("variants", (int) GenerationVariant.count("key.generationId", g.id));
        } else {
            data.put("code", g.errorCode);
            data.put("message", g.errorMessage);
        }
        return data;
    }

    Texts readTexts(Generation g) {
        try {
            return json.readValue(g.texts, Texts.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored texts unreadable", e);
        }
    }
}
