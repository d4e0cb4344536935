package dev.cardgen.batch;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.account.QuotaService;
import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.Owned;
import dev.cardgen.api.PageRequest;
import dev.cardgen.asset.Asset;
import dev.cardgen.core.Ids;
import dev.cardgen.core.Json;
import dev.cardgen.core.OwnedEntity;
import dev.cardgen.core.Times;
import dev.cardgen.generation.Generation;
import dev.cardgen.generation.GenerationService;
import dev.cardgen.stream.IssuedToken;
import dev.cardgen.stream.StreamConfig;
import dev.cardgen.stream.StreamTokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Creating, reading, canceling and retrying batches; items move in {@link BatchProgress}. */
@ApplicationScoped
@Transactional
public class BatchService {

    public static final String PREFIX = "bat";
    static final String ITEM_PREFIX = "bti";

    private final GenerationService generations;
    private final QuotaService quota;
    private final StreamTokens tokens;
    private final BatchViews views;
    private final BatchProgress progress;
    private final ObjectMapper json;
    private final Duration streamTtl;
    private final Clock clock;

    public BatchService(GenerationService generations, QuotaService quota, StreamTokens tokens, BatchViews views, BatchProgress progress,
                        ObjectMapper json, StreamConfig streamConfig, Clock clock) {
        this.generations = generations;
        this.quota = quota;
        this.tokens = tokens;
        this.views = views;
        this.progress = progress;
        this.json = json;
        this.streamTtl = streamConfig.tokenTtl();
        this.clock = clock;
    }

    /**
     * The batch, its quota taken for every accepted item at once, each item a queued generation, in one
     * transaction. Rows whose asset is not the account's (or is deleted) or needs a product none was found
     * in are refused like rows that failed validation.
     *
     * @param params how the API names a row's field (JSON path or CSV column)
     */
    public BatchView create(String accountId, CreateBatch.Plan plan, BiFunction<Integer, String, String> params, String baseUrl) {
        List<String> assetIds = plan.rows().stream().map(r -> r.request().assetId()).filter(id -> Ids.looksLike(Ids.ASSET, id)).distinct().toList();
        Map<String, Asset> assets = assetIds.isEmpty() ? Map.of() : Asset.<Asset>list("accountId = ?1 and id in ?2 and deletedAt is null",
                accountId, assetIds).stream().collect(Collectors.toMap(a -> a.id, Function.identity()));
        List<ErrorBody.RowError> refused = new ArrayList<>(plan.refused());
        List<CreateBatch.Row> accepted = new ArrayList<>();
        List<GenerationService.Planned> planned = new ArrayList<>();
        for (CreateBatch.Row row : plan.rows()) {
            Asset asset = assets.get(row.request().assetId());
            try {
                if (asset == null) {
                    throw ApiException.notFound("asset", row.request().assetId(), "asset_id");
                }
                GenerationService.requireSubjectIfNeeded(row.request().template(), asset);
            } catch (ApiException e) {
                refused.add(new ErrorBody.RowError(row.row(), row.reference(), e.code(), e.getMessage(),
                        params.apply(row.row() - 1, e.param() == null ? "template" : e.param())));
                continue;
            }
            accepted.add(row);
            planned.add(new GenerationService.Planned(asset, row.request(), row.reference()));
        }
        refused.sort(Comparator.comparingInt(ErrorBody.RowError::row));
        if (!refused.isEmpty() && (plan.allOrNothing() || accepted.isEmpty())) {
            String why = plan.allOrNothing() ? " and all_or_nothing is true" : ", so none is left to run";
            throw ApiException.invalidParam(refused.get(0).param(), refused.size() + " of " + (accepted.size() + refused.size())
                    + " rows are invalid" + why + "; error.rows lists each with its row number and field.").withRows(refused);
        }
        String period = quota.currentPeriod();
        quota.take(accountId, period, accepted.stream().mapToInt(r -> r.request().variants()).sum());

        Instant now = Times.now(clock);
        Batch b = new Batch();
        b.id = Ids.next(PREFIX);
        b.accountId = accountId;
        b.allOrNothing = plan.allOrNothing();
        b.exports = Json.write(json, plan.exports().stream()
                .map(t -> new BatchView.Target(t.preset().id(), t.format().wire(), t.width())).toList());
        b.rejected = Json.write(json, refused);
        b.baseUrl = baseUrl;
        b.createdAt = now;
        b.streamExpiresAt = now.plus(streamTtl);
        b.persist();
        List<Generation> made = generations.createForBatch(accountId, b.id, planned, baseUrl, period);
        for (int k = 0; k < accepted.size(); k++) {
            BatchItem item = new BatchItem();
            item.id = Ids.next(ITEM_PREFIX);
            item.accountId = accountId;
            item.batchId = b.id;
            item.rowNumber = accepted.get(k).row();
            item.reference = accepted.get(k).reference();
            item.generationId = made.get(k).id;
            item.state = BatchItemState.PENDING;
            item.createdAt = now;
            item.persist();
        }
        return withStream(b);
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Batch require(String accountId, String id) {
        return Owned.require("batch", id, i -> Ids.looksLike(PREFIX, i), i -> OwnedEntity.findOwned(Batch.class, accountId, i));
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public BatchView view(String accountId, String id) {
        return views.view(require(accountId, id));
    }

    /** The items in row order; {@code starting_after} is an item id of this batch. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public ListResponse<BatchView.Item> items(String accountId, String id, PageRequest page) {
        Batch b = require(accountId, id);
        int after = 0;
        if (page.startingAfter() != null) {
            BatchItem cursor = BatchItem.<BatchItem>find("id = ?1 and batchId = ?2", page.startingAfter(), b.id).firstResult();
            if (cursor == null) {
                throw ApiException.invalidParam("starting_after", "starting_after must be the id of an object in this list.");
            }
            after = cursor.rowNumber;
        }
        List<BatchItem> rows = BatchItem.<BatchItem>find("batchId = ?1 and rowNumber > ?2 order by rowNumber", b.id, after)
                .range(0, page.limit()).list();
        boolean more = rows.size() > page.limit();
        return ListResponse.of(rows.subList(0, Math.min(rows.size(), page.limit())).stream().map(views::item).toList(), more);
    }

    /**
     * Cancels every item not ended yet (their generations fail with {@code canceled}, unused quota goes
     * back); the batch ends {@code canceled}. A batch whose round has ended gives 409.
     * <p>
     * In steps, each its own transaction: first the batch is marked canceled, then each item's generation
     * is failed. A worker ending a generation locks the generation, then the batch; holding the batch's
     * lock while failing generations would take the same locks the other way round.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    public BatchView cancel(String accountId, String id) {
        String batchId = require(accountId, id).id;
        List<String> pending = QuarkusTransaction.requiringNew().call(() -> {
            Batch b = progress.lock(batchId);
            if (b.finishedAt != null) {
                throw ApiException.conflict("batch_already_finished", "This batch has already finished as '" + views.view(b).status() + "'.");
            }
            b.canceled = true;
            return BatchItem.<BatchItem>list("batchId = ?1 and state = ?2 order by rowNumber", b.id, BatchItemState.PENDING)
                    .stream().map(i -> i.generationId).toList();
        });
        for (String generationId : pending) {
            QuarkusTransaction.requiringNew().run(() -> {
                Generation g = Generation.findById(generationId, LockModeType.PESSIMISTIC_WRITE);
                if (!g.isFinished()) {
                    generations.fail(g.id, "canceled", "The generation was canceled with its batch."); // ends the item through BatchProgress
                    return;
                }
                Batch b = progress.lock(batchId);
                BatchItem item = BatchItem.<BatchItem>find("generationId = ?1 and state = ?2", generationId, BatchItemState.PENDING).firstResult();
                if (item != null) { // completed, its exports still being made
                    progress.end(b, item, BatchItemState.CANCELED, "canceled", "The batch was canceled while the item was exporting.");
                }
            });
        }
        return QuarkusTransaction.requiringNew().call(() -> views.view(Batch.findById(batchId)));
    }

    /**
     * Runs the failed items of an ended round again, each as a new generation (their quota taken at
     * once), in a new round with its own stream. Canceled and completed items stay as they are.
     */
    public BatchView retry(String accountId, String id) {
        Batch b = progress.lock(require(accountId, id).id);
        if (b.canceled) {
            throw ApiException.conflict("batch_canceled", "This batch was canceled; a canceled batch is not retried.");
        }
        if (b.finishedAt == null) {
            throw ApiException.conflict("batch_not_finished", "This batch is still running; retry it once it has finished.");
        }
        List<BatchItem> failed = BatchItem.list("batchId = ?1 and state = ?2 order by rowNumber", b.id, BatchItemState.FAILED);
        if (failed.isEmpty()) {
            throw ApiException.conflict("batch_nothing_to_retry", "No item of this batch failed.");
        }
        List<Generation> olds = failed.stream().map(i -> Generation.<Generation>findById(i.generationId)).toList();
        String period = quota.currentPeriod();
        quota.take(accountId, period, olds.stream().mapToInt(g -> g.variantsRequested).sum());
        List<Generation> made = generations.recreateForBatch(olds, period);
        for (int k = 0; k < failed.size(); k++) {
            BatchItem item = failed.get(k);
            item.generationId = made.get(k).id;
            item.state = BatchItemState.PENDING;
            item.errorCode = null;
            item.errorMessage = null;
            item.finishedAt = null;
        }
        b.round++;
        b.finishedAt = null;
        return withStream(b);
    }

    /** The batch as its answer to create or retry shows it: with the new round's stream URL. */
    private BatchView withStream(Batch b) {
        IssuedToken token = tokens.issue(b.streamId(), streamTtl);
        b.streamExpiresAt = token.expiresAt();
        return views.view(b).withStreamUrl(b.baseUrl + "/api/v1/render-stream/" + token.token());
    }
}
