package dev.cardgen.webhook;

import dev.cardgen.core.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.core.AfterCommit;
import dev.cardgen.core.Times;
import dev.cardgen.jobs.JobContext;
import dev.cardgen.jobs.JobHandler;
import dev.cardgen.metrics.Metrics;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One attempt of one delivery per job. A failed attempt (non-2xx, timeout, refused address) ends the
 * job normally and sets the delivery's next attempt, with exponential backoff and jitter, until
 * {@code give-up-after} has passed since the event; {@link WebhookEvents#enqueueDue} queues it again
 * when due. A job lost with its instance is run again by the queue, so every delivery is attempted
 * at least once more; receivers de-duplicate by the event id.
 */
@ApplicationScoped
public class WebhookDeliveryJob implements JobHandler {

    private record Planned(String url, String secret, String payload) {
    }

    private final WebhooksConfig config;
    private final SecretBox secrets;
    private final ObjectMapper json;
    private final Clock clock;
    private final WebhookSender sender;
    private final AfterCommit afterCommit;
    private final Metrics metrics;

    public WebhookDeliveryJob(WebhooksConfig config, SecretBox secrets, ObjectMapper json, Clock clock, Vertx vertx,
                              AfterCommit afterCommit, Metrics metrics) {
        this.afterCommit = afterCommit;
        this.metrics = metrics;
        this.config = config;
        this.secrets = secrets;
        this.json = json;
        this.clock = clock;
        this.sender = new WebhookSender(vertx, InetAddress::getAllByName, config.allowPrivate(), config.timeout());
    }

    @PreDestroy
    void close() {
        sender.close();
    }

    @Override
    public String kind() {
        return WebhookEvents.JOB_KIND;
    }

    /** Half the workers at most (at least one): a hanging receiver holds a worker for the whole timeout. */
    @Override
    public int maxConcurrent(int workers) {
        return Math.max(1, workers / 2);
    }

    @Override
    public void run(JobContext ctx) {
        Planned plan = QuarkusTransaction.requiringNew().call(() -> plan(ctx.refId()));
        if (plan == null) {
            return;
        }
        Instant started = clock.instant();
        WebhookSender.Outcome outcome = sender.post(plan.url(), plan.payload(),
                Signatures.header(plan.secret(), started.getEpochSecond(), plan.payload()));
        QuarkusTransaction.requiringNew().run(() -> record(ctx.refId(), started, outcome));
    }

    /** Lost with its instance on every job attempt: left for the due-poll to queue again, never dropped. */
    @Override
    public void giveUp(String deliveryId, String reason) {
        QuarkusTransaction.requiringNew().run(() -> {
            WebhookDelivery d = WebhookDelivery.findById(deliveryId, LockModeType.PESSIMISTIC_WRITE);
            if (d != null && d.status == DeliveryStatus.PENDING) {
                d.enqueued = false;
            }
        });
    }

    private Planned plan(String deliveryId) {
        WebhookDelivery d = WebhookDelivery.findById(deliveryId, LockModeType.PESSIMISTIC_WRITE);
        if (d == null || d.status != DeliveryStatus.PENDING) {
            return null;
        }
        Instant now = Times.now(clock);
        if (d.nextAttemptAt != null && d.nextAttemptAt.isAfter(now)) {
            d.enqueued = false; // queued early (a repeated job): the due-poll queues it on time
            return null;
        }
        WebhookEndpoint e = WebhookEndpoint.findById(d.endpointId);
        if (e == null) {
            return null;
        }
        if (e.disabled) {
            end(d, DeliveryStatus.FAILED, now);
            return null;
        }
        return new Planned(e.url, secrets.open(e.secretSealed), d.payload);
    }

    private void record(String deliveryId, Instant started, WebhookSender.Outcome outcome) {
        WebhookDelivery d = WebhookDelivery.findById(deliveryId, LockModeType.PESSIMISTIC_WRITE);
        if (d == null || d.status != DeliveryStatus.PENDING) {
            return;
        }
        List<WebhookViews.AttemptView> attempts = new ArrayList<>(WebhookViews.attempts(d, json));
        attempts.add(new WebhookViews.AttemptView(Times.iso(started), outcome.durationMs(), outcome.statusCode(),
                outcome.error() != null ? outcome.error() : outcome.succeeded() ? null : "the receiver answered " + outcome.statusCode()));
        d.attempts = Json.write(json, attempts);
        Instant now = Times.now(clock);
        if (outcome.succeeded()) {
            end(d, DeliveryStatus.SUCCEEDED, now);
            return;
        }
        Instant next = now.plus(backoff(attempts.size()));
        if (next.isAfter(d.createdAt.plus(config.giveUpAfter()))) {
            end(d, DeliveryStatus.FAILED, now);
        } else {
            d.nextAttemptAt = next;
            d.enqueued = false;
        }
    }

    /** base·2^(n−1), at most the maximum delay, of which a random half is taken off (so retries of many deliveries spread). */
    Duration backoff(int attemptsMade) {
        long base = config.retryBase().toMillis();
        long max = config.retryMaxDelay().toMillis();
        long delay = attemptsMade >= 31 ? max : Math.min(max, base << (attemptsMade - 1));
        long half = delay / 2;
        return Duration.ofMillis(delay - ThreadLocalRandom.current().nextLong(half + 1));
    }

    private void end(WebhookDelivery d, DeliveryStatus status, Instant now) {
        afterCommit.run(() -> metrics.webhookDelivery(status.wire()));
        d.status = status;
        d.completedAt = now;
        d.nextAttemptAt = null;
        d.enqueued = false;
    }
}
