package dev.cardgen.batch;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.core.JobError;
import dev.cardgen.core.Json;
import dev.cardgen.core.Times;
import dev.cardgen.export.Export;
import dev.cardgen.export.ExportService;
import dev.cardgen.export.ExportStatus;
import dev.cardgen.export.Preset;
import dev.cardgen.export.checks.ExportCheck;
import dev.cardgen.export.checks.RuleSets;
import dev.cardgen.generation.Generation;
import dev.cardgen.generation.GenerationService;
import dev.cardgen.generation.GenerationStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A batch and its items as the API shows them: counts, status and the checks' summary are read from the items. */
@ApplicationScoped
@Transactional(Transactional.TxType.SUPPORTS)
public class BatchViews {

    static final TypeReference<List<ErrorBody.RowError>> ROWS = new TypeReference<>() {
    };
    static final TypeReference<List<BatchView.Target>> TARGETS = new TypeReference<>() {
    };

    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;
    @Inject
    GenerationService generations;
    @Inject
    ExportService exports;
    @Inject
    RuleSets ruleSets;

    public BatchView view(Batch b) {
        BatchCounts counts = BatchCounts.of(em, b.id);
        List<ErrorBody.RowError> rejected = Json.read(json, b.rejected, ROWS);
        return new BatchView(b.id, "batch", BatchStatus.of(b, counts, !rejected.isEmpty()).wire(), counts.total(), counts, rejected,
                b.allOrNothing, targets(b), checks(b), b.round, null, Times.iso(b.streamExpiresAt), Times.iso(b.createdAt),
                Times.iso(b.finishedAt));
    }

    List<BatchView.Target> targets(Batch b) {
        return Json.read(json, b.exports, TARGETS);
    }

    /** Per target preset: how many of the items' ready exports were checked and passed every rule. */
    private List<BatchView.ChecksSummary> checks(Batch b) {
        if (targets(b).isEmpty()) {
            return List.of();
        }
        List<Export> ready = em.createQuery("""
                        select e from Export e, BatchItem i
                         where i.batchId = ?1 and e.generationId = i.generationId and e.status = ?2
                         order by i.rowNumber, e.createdAt""", Export.class)
                .setParameter(1, b.id).setParameter(2, ExportStatus.READY).getResultList();
        Map<String, int[]> tally = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> failedRules = new LinkedHashMap<>();
        targets(b).forEach(t -> {
            tally.putIfAbsent(t.preset(), new int[2]);
            failedRules.putIfAbsent(t.preset(), new TreeMap<>());
        });
        for (Export e : ready) {
            List<ExportCheck> checks = exports.readChecks(e);
            if (checks.isEmpty() || !tally.containsKey(e.preset)) {
                continue;
            }
            int[] t = tally.get(e.preset);
            t[0]++;
            boolean all = true;
            for (ExportCheck c : checks) {
                if (!c.passed()) {
                    all = false;
                    failedRules.get(e.preset).merge(c.rule(), 1, Integer::sum);
                }
            }
            if (all) {
                t[1]++;
            }
        }
        List<BatchView.ChecksSummary> out = new ArrayList<>();
        tally.forEach((preset, t) -> {
            boolean main = ruleSets.of(Preset.parse(preset).orElseThrow()).mainImage();
            String what = main ? "main images" : preset + " images";
            out.add(new BatchView.ChecksSummary(preset, main, t[0], t[1], failedRules.get(preset),
                    t[1] + " of " + t[0] + " " + what + " pass"));
        });
        return out;
    }

    /** An item with its generation and exports as their own GETs show them. */
    BatchView.Item item(BatchItem i) {
        Generation g = Generation.findById(i.generationId);
        List<dev.cardgen.export.ExportView> views = Export.<Export>list("generationId = ?1 order by createdAt, id", i.generationId)
                .stream().map(e -> exports.view(e, g.baseUrl)).toList();
        JobError error = i.errorCode == null ? null : new JobError(i.errorCode, i.errorMessage);
        return new BatchView.Item(i.id, "batch_item", i.batchId, i.rowNumber, i.reference, status(i, g), generations.view(g), views, error,
                Times.iso(i.createdAt), Times.iso(i.finishedAt));
    }

    static String status(BatchItem i, Generation g) {
        if (i.state != BatchItemState.PENDING) {
            return i.state.wire();
        }
        return g.status == GenerationStatus.QUEUED ? "queued" : "running";
    }
}
