package dev.cardgen.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The service's own meters, named once here so each is recorded the same way wherever it happens.
 * Prometheus names: {@code cardgen_jobs_run_seconds}, {@code cardgen_render_stage_seconds},
 * {@code cardgen_generations_finished_total}, {@code cardgen_exports_finished_total},
 * {@code cardgen_uploads_rejected_total}, {@code cardgen_webhooks_deliveries_total},
 * {@code cardgen_stream_connections}; the queue depth
 * ({@code cardgen_jobs_queue}) is kept by the job queue.
 */
@ApplicationScoped
public class Metrics {

    private final MeterRegistry registry;
    private final AtomicInteger openStreams = new AtomicInteger();

    public Metrics(MeterRegistry registry) {
        this.registry = registry;
        registry.gauge("cardgen.stream.connections", openStreams);
    }

    public MeterRegistry registry() {
        return registry;
    }

    /** A job run ended: {@code done}, {@code retry} (it goes back in the queue) or {@code failed}. */
    public void jobRun(String kind, String outcome, Duration took) {
        Timer.builder("cardgen.jobs.run").description("Run time of one job attempt")
                .tag("kind", kind).tag("outcome", outcome).register(registry).record(took);
    }

    /** Time of one render-engine stage: subject (at upload), scene (designs), render (one card). */
    public void stage(String stage, long nanos) {
        Timer.builder("cardgen.render.stage").description("Time of one render-engine stage")
                .tag("stage", stage).register(registry).record(Duration.ofNanos(nanos));
    }

    public void generationFinished(String status, String code) {
        finished("cardgen.generations.finished", "Generations that ended, by status and error code", status, code);
    }

    public void exportFinished(String status, String code) {
        finished("cardgen.exports.finished", "Exports that ended, by status and error code", status, code);
    }

    /** A webhook delivery ended: {@code succeeded} or {@code failed}. */
    public void webhookDelivery(String status) {
        Counter.builder("cardgen.webhooks.deliveries").description("Webhook deliveries that ended, by status")
                .tag("status", status).register(registry).increment();
    }

    public void uploadRejected(String code) {
        Counter.builder("cardgen.uploads.rejected").description("Uploads refused, by error code")
                .tag("code", code).register(registry).increment();
    }

    public void streamOpened() {
        openStreams.incrementAndGet();
    }

    public void streamClosed() {
        openStreams.decrementAndGet();
    }

    private void finished(String name, String description, String status, String code) {
        Counter.builder(name).description(description)
                .tag("status", status).tag("code", code == null ? "none" : code).register(registry).increment();
    }
}
