package dev.cardgen.batch;

import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * Items per status: a pending item is {@code queued} while its generation is, else {@code running}
 * (generating, or exporting); an ended item has its stored state.
 */
@Schema(name = "BatchCounts")
public record BatchCounts(@Schema(required = true) int queued, @Schema(required = true) int running,
                          @Schema(required = true) int completed, @Schema(required = true) int failed,
                          @Schema(required = true) int canceled) {

    /** Items not yet ended. */
    public int pending() {
        return queued + running;
    }

    public int total() {
        return queued + running + completed + failed + canceled;
    }

    static BatchCounts of(EntityManager em, String batchId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT CASE WHEN i.state <> 'pending' THEN i.state WHEN g.status = 'queued' THEN 'queued' ELSE 'running' END,
                               count(*)
                          FROM batch_items i JOIN generations g ON g.id = i.generation_id
                         WHERE i.batch_id = ?1 GROUP BY 1""")
                .setParameter(1, batchId).getResultList();
        int[] n = new int[5];
        List<String> order = List.of("queued", "running", "completed", "failed", "canceled");
        for (Object[] row : rows) {
            n[order.indexOf((String) row[0])] = ((Number) row[1]).intValue();
        }
        return new BatchCounts(n[0], n[1], n[2], n[3], n[4]);
    }
}
