package dev.cardgen.batch;

import dev.cardgen.core.JobError;
import dev.cardgen.core.Times;
import dev.cardgen.export.CreateExport;
import dev.cardgen.export.Export;
import dev.cardgen.export.ExportFinished;
import dev.cardgen.export.ExportService;
import dev.cardgen.export.ExportStatus;
import dev.cardgen.generation.Generation;
import dev.cardgen.generation.GenerationFinished;
import dev.cardgen.generation.GenerationStatus;
import dev.cardgen.stream.EventLog;
import dev.cardgen.stream.StreamEvent;
import dev.cardgen.webhook.WebhookEvents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Moves a batch's items as their generations and exports end, in the transaction that records the end:
 * a completed generation gets the batch's exports (its first variant, once per target), an item ends
 * when its generation failed or its last export ended. Each ended item is announced on the batch's
 * stream ({@code item}, then {@code progress}); the last one also ends the round ({@code done}, and the
 * {@code batch.completed} webhook). The events are appended in the transaction that ends the item, so
 * they commit with it or not at all: an end lost with its instance (a kill before the commit) or rolled
 * back leaves no event, and the job's rerun announces the item once. The batch row is locked first, so
 * items end one at a time and the events of a batch are appended in the order its items ended.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class BatchProgress {

    public static final String ITEM = "item";

    @Inject
    EntityManager em;
    @Inject
    ExportService exports;
    @Inject
    EventLog events;
    @Inject
    WebhookEvents webhooks;
    @Inject
    BatchViews views;
    @Inject
    Clock clock;

    void generationFinished(@Observes GenerationFinished e) {
        if (e.batchId() == null) {
            return;
        }
        Batch b = lock(e.batchId());
        BatchItem item = pendingItemOf(e.generationId());
        if (item == null) {
            return;
        }
        if (e.status() == GenerationStatus.COMPLETED) {
            var targets = views.targets(b);
            if (!targets.isEmpty() && !b.canceled) {
                for (BatchView.Target t : targets) {
                    exports.create(b.accountId, CreateExport.Valid.of(e.generationId(), 0,
                            CreateExport.target(t.preset(), t.format(), t.width())));
                }
                return; // the item ends with its last export
            }
            end(b, item, BatchItemState.COMPLETED, null, null);
        } else {
            boolean canceled = b.canceled && "canceled".equals(e.errorCode());
            end(b, item, canceled ? BatchItemState.CANCELED : BatchItemState.FAILED, e.errorCode(), e.errorMessage());
        }
    }

    void exportFinished(@Observes ExportFinished e) {
        Generation g = Generation.findById(e.generationId());
        if (g == null || g.batchId == null) {
            return;
        }
        Batch b = lock(g.batchId);
        BatchItem item = pendingItemOf(g.id);
        if (item == null || Export.count("generationId = ?1 and status = ?2", g.id, ExportStatus.PROCESSING) > 0) {
            return;
        }
        long failed = Export.count("generationId = ?1 and status = ?2", g.id, ExportStatus.FAILED);
        if (failed > 0) {
            end(b, item, BatchItemState.FAILED, "export_failed", failed + " export(s) of this item failed; see its exports.");
        } else {
            end(b, item, BatchItemState.COMPLETED, null, null);
        }
    }

    /** Ends a pending item; the caller holds the batch's lock. */
    void end(Batch b, BatchItem item, BatchItemState state, String code, String message) {
        item.state = state;
        item.errorCode = code;
        item.errorMessage = message;
        item.finishedAt = Times.now(clock);
        em.flush();
        BatchCounts counts = BatchCounts.of(em, b.id);
        Map<String, Object> itemData = new LinkedHashMap<>();
        itemData.put("batch_id", b.id);
        itemData.put("item_id", item.id);
        itemData.put("row", item.rowNumber);
        itemData.put("reference", item.reference);
        itemData.put("generation_id", item.generationId);
        itemData.put("status", state.wire());
        itemData.put("error", code == null ? null : new JobError(code, message));
        List<EventLog.Next> announce = new ArrayList<>();
        announce.add(new EventLog.Next(ITEM, itemData));
        Map<String, Object> progress = new LinkedHashMap<>();
        progress.put("batch_id", b.id);
        progress.put("counts", counts);
        progress.put("progress", Math.round(1000.0 * (counts.total() - counts.pending()) / counts.total()) / 1000.0);
        announce.add(new EventLog.Next(StreamEvent.PROGRESS, progress));
        if (counts.pending() == 0 && b.finishedAt == null) {
            b.finishedAt = Times.now(clock);
            BatchView view = views.view(b);
            webhooks.publish(b.accountId, WebhookEvents.BATCH_COMPLETED, view);
            Map<String, Object> done = new LinkedHashMap<>();
            done.put("batch_id", b.id);
            done.put("status", view.status());
            done.put("counts", counts);
            announce.add(new EventLog.Next(StreamEvent.DONE, done));
        }
        events.appendInTransaction(b.streamId(), announce);
    }

    Batch lock(String batchId) {
        return em.find(Batch.class, batchId, LockModeType.PESSIMISTIC_WRITE);
    }

    private static BatchItem pendingItemOf(String generationId) {
        return BatchItem.<BatchItem>find("generationId = ?1 and state = ?2", generationId, BatchItemState.PENDING).firstResult();
    }
}
