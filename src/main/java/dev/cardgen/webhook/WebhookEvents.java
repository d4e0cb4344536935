package dev.cardgen.webhook;

import dev.cardgen.core.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.core.Ids;
import dev.cardgen.core.Times;
import dev.cardgen.jobs.JobQueue;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Turns a finished generation or export into one delivery per subscribed endpoint, in the
 * transaction that records the outcome (so the event exists iff the outcome commits), and hands
 * deliveries whose retry is due back to the job queue.
 */
@ApplicationScoped
public class WebhookEvents {

    public static final String GENERATION_COMPLETED = "generation.completed";
    public static final String GENERATION_FAILED = "generation.failed";
    public static final String EXPORT_READY = "export.ready";
    public static final String EXPORT_FAILED = "export.failed";
    public static final String BATCH_COMPLETED = "batch.completed";
    public static final List<String> TYPES = List.of(GENERATION_COMPLETED, GENERATION_FAILED, EXPORT_READY, EXPORT_FAILED, BATCH_COMPLETED);
    static final String JOB_KIND = "webhook";
    private static final int DUE_BATCH = 100;
    private static final Logger LOG = Logger.getLogger(WebhookEvents.class);

    @Inject
    JobQueue jobs;
    @Inject
    ObjectMapper json;
    @Inject
    EntityManager em;
    @Inject
    Clock clock;

    /**
     * Records event {@code type} with {@code resource} (the resource as its GET shows it) for every enabled
     * endpoint of the account subscribed to it; costs one query when there is none.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void publish(String accountId, String type, Object resource) {
        publish(accountId, type, () -> resource);
    }

    /**
     * As {@link #publish(String, String, Object)}, the resource built only when an endpoint subscribes:
     * most accounts have none, and building a view costs queries (a generation's variants, an
     * export's generation) in the transaction that ends a job.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void publish(String accountId, String type, Supplier<?> resource) {
        List<WebhookEndpoint> endpoints = WebhookEndpoint.<WebhookEndpoint>list("accountId = ?1 and disabled = false", accountId)
                .stream().filter(e -> e.eventList().contains(type)).toList();
        if (endpoints.isEmpty()) {
            return;
        }
        var now = Times.now(clock);
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("id", Ids.next("evt"));
        event.put("object", "event");
        event.put("type", type);
        event.put("created_at", Times.iso(now));
        event.put("data", resource.get());
        String body = Json.write(json, event);
        for (WebhookEndpoint endpoint : endpoints) {
            WebhookDelivery d = new WebhookDelivery();
            d.id = Ids.next(WebhookEndpoints.DELIVERY_PREFIX);
            d.endpointId = endpoint.id;
            d.accountId = accountId;
            d.eventId = (String) event.get("id");
            d.eventType = type;
            d.payload = body;
            d.status = DeliveryStatus.PENDING;
            d.attempts = "[]";
            d.nextAttemptAt = now;
            d.enqueued = true;
            d.createdAt = now;
            d.persist();
            jobs.enqueue(JOB_KIND, d.id, accountId);
        }
    }

    /**
     * Queues a job for every pending delivery whose next attempt is due. SKIP LOCKED and the
     * {@code enqueued} flag let several instances run this at once without queueing one twice.
     *
     * @return how many were queued
     */
    @Transactional
    public int enqueueDue() {
        @SuppressWarnings("unchecked")
        List<String> due = em.createNativeQuery("""
                        UPDATE webhook_deliveries SET enqueued = true
                         WHERE id IN (SELECT id FROM webhook_deliveries
                                       WHERE status = 'pending' AND NOT enqueued AND next_attempt_at <= ?1
                                       ORDER BY next_attempt_at LIMIT ?2 FOR UPDATE SKIP LOCKED)
                        RETURNING id""")
                .setParameter(1, clock.instant())
                .setParameter(2, DUE_BATCH)
                .getResultList();
        for (String id : due) {
            jobs.enqueue(JOB_KIND, id);
        }
        return due.size();
    }

    /** Every {@link WebhooksConfig#pollInterval()}: the expression has no default of its own, the mapping holds it. */
    @Scheduled(every = "${cardgen.webhooks.poll-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void poll() {
        try {
            enqueueDue();
        } catch (Exception e) {
            LOG.warnf("Queueing due webhook deliveries failed: %s", e.getMessage());
        }
    }
}
