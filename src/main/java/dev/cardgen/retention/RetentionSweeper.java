package dev.cardgen.retention;

import dev.cardgen.idempotency.IdempotencyService;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deletes what is no longer needed, so the bookkeeping tables stop growing: finished jobs, the events
 * and tokens of streams that have expired, ended webhook deliveries, and idempotency records older
 * than their 24 hours.
 * Records people see (assets, generations, variants, exports) are never touched here.
 */
@ApplicationScoped
public class RetentionSweeper {

    private static final Logger LOG = Logger.getLogger(RetentionSweeper.class);
    static final List<RetentionRule> RULES = List.of(
            new RetentionRule("jobs", "jobs", "x.state IN ('done', 'failed') AND x.updated_at < ?1",
                    RetentionConfig::finishedJobs),
            // A stream's tokens are all issued when its generation is created, before any event, so an event
            // older than the cutoff belongs to a stream whose URL expired; the guards keep a stream that is
            // still followable or whose job is still queued or running.
            new RetentionRule("stream_events", "stream_events", """
                    x.created_at < ?1
                    AND NOT EXISTS (SELECT 1 FROM stream_tokens t WHERE t.stream_id = x.stream_id AND t.expires_at >= ?1)
                    AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.ref_id = x.stream_id AND j.state IN ('queued', 'running'))""",
                    RetentionConfig::streamEvents),
            new RetentionRule("stream_tokens", "stream_tokens", "x.expires_at < ?1", RetentionConfig::streamTokens),
            new RetentionRule("webhook_deliveries", "webhook_deliveries", "x.status <> 'pending' AND x.completed_at < ?1",
                    RetentionConfig::webhookDeliveries),
            new RetentionRule("idempotency_keys", "idempotency_keys", "x.created_at < ?1", c -> IdempotencyService.KEEP));

    @Inject
    EntityManager em;
    @Inject
    RetentionConfig config;
    @Inject
    Clock clock;

    void schedule(@Observes StartupEvent start, Scheduler scheduler) {
        if (!config.enabled()) {
            return;
        }
        scheduler.newJob("cardgen-retention")
                .setInterval(config.every().toString())
                .setDelayed(config.every().toString())
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> {
                    try {
                        sweep();
                    } catch (RuntimeException e) {
                        LOG.warnf("Retention sweep failed, next run in %s: %s", config.every(), e.getMessage());
                    }
                })
                .schedule();
    }

    /** Runs every rule to the end, one batch per transaction; @return rows deleted per table. */
    public Map<String, Integer> sweep() {
        return sweep(config.batchSize());
    }

    /** As {@link #sweep()} with another batch size: tests run many small batches on a handful of rows. */
    Map<String, Integer> sweep(int batchSize) {
        Instant now = clock.instant();
        Map<String, Integer> deleted = new LinkedHashMap<>();
        for (RetentionRule rule : RULES) {
            Timestamp cutoff = Timestamp.from(now.minus(rule.age().apply(config)));
            int total = 0;
            int batch;
            do {
                batch = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(rule.deleteBatchSql())
                        .setParameter(1, cutoff)
                        .setParameter(2, batchSize)
                        .executeUpdate());
                total += batch;
            } while (batch >= batchSize);
            deleted.put(rule.name(), total);
        }
        if (deleted.values().stream().anyMatch(n -> n > 0)) {
            LOG.infof("Retention sweep deleted %s", deleted);
        }
        return deleted;
    }
}
