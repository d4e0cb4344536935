package dev.cardgen.export;

import dev.cardgen.core.OwnedEntity;
import dev.cardgen.core.AfterCommit;
import dev.cardgen.core.JobError;
import dev.cardgen.api.ApiException;
import dev.cardgen.core.Ids;
import dev.cardgen.core.Json;
import dev.cardgen.export.checks.ExportCheck;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.api.ListFilter;
import dev.cardgen.api.Owned;
import dev.cardgen.api.Page;
import dev.cardgen.api.PageRequest;
import dev.cardgen.core.Times;
import dev.cardgen.api.UrlSigner;
import dev.cardgen.generation.Generation;
import dev.cardgen.generation.GenerationStatus;
import dev.cardgen.generation.GenerationVariant;
import dev.cardgen.jobs.JobQueue;
import dev.cardgen.metrics.Metrics;
import dev.cardgen.webhook.WebhookEvents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Creating, reading and listing exports, and their state transitions. */
@ApplicationScoped
@Transactional
public class ExportService {

    public static final String JOB_KIND = "export";

    @Inject
    JobQueue jobs;
    @Inject
    UrlSigner signer;
    @Inject
    AfterCommit afterCommit;
    @Inject
    Metrics metrics;
    @Inject
    WebhookEvents webhooks;
    @Inject
    Clock clock;
    @Inject
    ObjectMapper json;
    @Inject
    Event<ExportFinished> finishedEvents;

    private static final TypeReference<List<ExportCheck>> CHECKS = new TypeReference<>() {
    };

    /** The processing export and its job, in one transaction. */
    public Export create(String accountId, CreateExport.Valid req) {
        Generation g = Owned.require("generation", req.generationId(), "generation_id", i -> Ids.looksLike(Ids.GENERATION, i),
                i -> OwnedEntity.findOwned(Generation.class, accountId, i));
        if (g.status != GenerationStatus.COMPLETED) {
            throw ApiException.conflict("generation_not_completed",
                    "Generation " + g.id + " is '" + g.status.wire() + "'; only a completed generation can be exported.");
        }
        if (GenerationVariant.findById(new GenerationVariant.Key(g.id, req.variant())) == null) {
            long count = GenerationVariant.count("key.generationId", g.id);
            throw ApiException.invalidParam("variant", "variant must be a variant index of this generation: 0 to " + (count - 1) + ".");
        }
        Export e = new Export();
        e.id = Ids.next(Ids.EXPORT);
        e.accountId = accountId;
        e.projectId = g.projectId;
        e.generationId = g.id;
        e.variant = req.variant();
        e.preset = req.preset().id();
        e.format = req.format().wire();
        e.width = req.width();
        e.height = req.height();
        e.status = ExportStatus.PROCESSING;
        e.createdAt = Times.now(clock);
        e.persist();
        jobs.enqueue(JOB_KIND, e.id, e.accountId);
        return e;
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Export require(String accountId, String id) {
        return Owned.require("export", id, i -> Ids.looksLike(Ids.EXPORT, i), i -> OwnedEntity.findOwned(Export.class, accountId, i));
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Export> find(String id) {
        return Ids.looksLike(Ids.EXPORT, id) ? Optional.ofNullable(Export.findById(id)) : Optional.empty();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Page<Export> list(String accountId, String projectId, String generationId, PageRequest page) {
        return ListFilter.of(accountId).equal("projectId", projectId).equal("generationId", generationId).page(Export.class, page);
    }

    /** The record; a ready one gets a fresh download link valid {@link UrlSigner#LINK_TTL} from now. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ExportView view(Export e, String baseUrl) {
        String url = null;
        String expires = null;
        if (e.isReady()) {
            UrlSigner.Link link = signer.link(baseUrl, filePath(e.id));
            url = link.url();
            expires = Times.iso(link.expiresAt());
        }
        JobError error = e.errorCode == null ? null : new JobError(e.errorCode, e.errorMessage);
        return new ExportView(e.id, "export", e.status.wire(), e.projectId, e.generationId, e.variant, e.preset, e.format, e.width,
                e.height, e.isReady() ? e.bytes : null, url, expires, error, Times.iso(e.createdAt), Times.iso(e.completedAt),
                e.isReady() ? readChecks(e) : null, e.isReady() ? e.productScale : null);
    }

    /** The stored checks of an export: empty until it is ready. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<ExportCheck> readChecks(Export e) {
        try {
            return json.readValue(e.checks, CHECKS);
        } catch (JsonProcessingException ex) {
            throw new IllegalStateException("stored checks of " + e.id + " unreadable", ex);
        }
    }

    public static String filePath(String exportId) {
        return "/api/v1/exports/" + exportId + "/file";
    }

    /** The file's download name: {@code <preset>-<id>.<ext>}, made of our values only. */
    public static String fileName(Export e) {
        return e.preset + "-" + e.id + "." + ExportFormat.parse(e.format).orElseThrow().extension();
    }

    /** processing → ready with its file and the file's checks; false when it already ended (a repeated job run). */
    public boolean markReady(String id, String blobKey, long bytes, List<ExportCheck> checks, Double productScale) {
        return finish(id, ExportStatus.READY, null, null, e -> {
            e.blobKey = blobKey;
            e.bytes = bytes;
            e.checks = Json.write(json, checks);
            e.productScale = productScale;
        });
    }

    /** processing → failed with a code, once. */
    public void fail(String id, String code, String message) {
        finish(id, ExportStatus.FAILED, code, message, e -> {
        });
    }

    /** processing → {@code status}, once: the end time, the webhook event and the outcome's metric come with it. */
    private boolean finish(String id, ExportStatus status, String code, String message, Consumer<Export> result) {
        Export e = Export.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (e == null || e.status != ExportStatus.PROCESSING) {
            return false;
        }
        e.status = status;
        e.errorCode = code;
        e.errorMessage = message;
        result.accept(e);
        e.completedAt = Times.now(clock);
        publish(e, status == ExportStatus.READY ? WebhookEvents.EXPORT_READY : WebhookEvents.EXPORT_FAILED);
        finishedEvents.fire(new ExportFinished(e.id, e.generationId, status));
        afterCommit.run(() -> metrics.exportFinished(status.wire(), code));
        return true;
    }

    /** The event carries the export as its GET shows it, links based on the URL its generation was created at. */
    private void publish(Export e, String type) {
        webhooks.publish(e.accountId, type, () -> {
            Generation g = Generation.findById(e.generationId);
            return view(e, g == null ? "" : g.baseUrl);
        });
    }
}
