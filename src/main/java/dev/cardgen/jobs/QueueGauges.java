package dev.cardgen.jobs;

import dev.cardgen.metrics.Metrics;
import io.micrometer.core.instrument.Gauge;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import io.quarkus.narayana.jta.QuarkusTransaction;
import org.jboss.logging.Logger;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code cardgen_jobs_queue{kind,state}}: jobs queued and running, across all instances. Counted
 * from the table every {@value #REFRESH} rather than at scrape time, so a scrape never waits on the
 * database.
 */
@ApplicationScoped
public class QueueGauges {

    static final String REFRESH = "10s";
    private static final Logger LOG = Logger.getLogger(QueueGauges.class);
    private static final List<JobState> COUNTED = List.of(JobState.QUEUED, JobState.RUNNING);

    @Inject
    EntityManager em;
    @Inject
    Metrics metrics;
    private final Map<String, AtomicLong> counts = new HashMap<>();

    void start(@Observes StartupEvent start, @Any Instance<JobHandler> handlers, Scheduler scheduler) {
        for (JobHandler h : handlers) {
            for (JobState state : COUNTED) {
                AtomicLong n = new AtomicLong();
                counts.put(h.kind() + "/" + state.wire(), n);
                Gauge.builder("cardgen.jobs.queue", n, AtomicLong::get).description("Jobs in the queue, by kind and state")
                        .tag("kind", h.kind()).tag("state", state.wire()).register(metrics.registry());
            }
        }
        scheduler.newJob("cardgen-queue-gauges").setInterval(REFRESH)
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> refresh()).schedule();
    }

    void refresh() {
        try {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                    "SELECT kind, state, count(*) FROM jobs WHERE state IN ('queued', 'running') GROUP BY kind, state").getResultList());
            Map<String, Long> now = new HashMap<>();
            for (Object[] r : rows) {
                now.put(r[0] + "/" + r[1], ((Number) r[2]).longValue());
            }
            counts.forEach((key, n) -> n.set(now.getOrDefault(key, 0L)));
        } catch (RuntimeException e) {
            LOG.debugf("Counting queued jobs failed: %s", e.getMessage());
        }
    }
}
