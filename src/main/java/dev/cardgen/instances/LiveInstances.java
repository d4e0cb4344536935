package dev.cardgen.instances;

import dev.cardgen.core.Ids;
import dev.cardgen.core.Times;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many instances of the service are running now, from a table each one refreshes every
 * {@value #HEARTBEAT}; an instance silent for {@value #LIVE_SECONDS} s no longer counts (it crashed),
 * and its row goes after an hour. Read without touching the database: the count is kept in memory.
 */
@ApplicationScoped
public class LiveInstances {

    static final String HEARTBEAT = "10s";
    static final int LIVE_SECONDS = 30;
    private static final Logger LOG = Logger.getLogger(LiveInstances.class);

    private final String id = "inst_" + Ids.random(12);
    private final AtomicInteger live = new AtomicInteger(1);
    @Inject
    EntityManager em;
    @Inject
    Clock clock;

    /** Instances alive now, this one included; at least 1. */
    public int count() {
        return live.get();
    }

    /**
     * The first heartbeat runs at the scheduler's first tick (within a second), not here: it is the
     * start's first transaction and connection, and a replica is ready without it. Until then the
     * count is 1, as it is for the other instances until their next heartbeat sees this one.
     */
    void start(@Observes StartupEvent start, Scheduler scheduler) {
        scheduler.newJob("cardgen-live-instances").setInterval(HEARTBEAT)
                .setConcurrentExecution(Scheduled.ConcurrentExecution.SKIP)
                .setTask(execution -> refresh()).schedule();
    }

    void stop(@Observes ShutdownEvent stop) {
        try {
            QuarkusTransaction.requiringNew().run(() ->
                    em.createNativeQuery("DELETE FROM instances WHERE id = ?1").setParameter(1, id).executeUpdate());
        } catch (RuntimeException e) {
            LOG.debugf("Could not remove instance row %s: %s", id, e.getMessage());
        }
    }

    /** Beats this instance's heart and counts the live ones; keeps the last count when the database is away. */
    public void refresh() {
        try {
            int n = QuarkusTransaction.requiringNew().call(() -> {
                Instant now = Times.now(clock);
                em.createNativeQuery("""
                        INSERT INTO instances (id, started_at, heartbeat_at) VALUES (?1, ?2, ?2)
                        ON CONFLICT (id) DO UPDATE SET heartbeat_at = ?2""").setParameter(1, id).setParameter(2, now).executeUpdate();
                em.createNativeQuery("DELETE FROM instances WHERE heartbeat_at < ?1")
                        .setParameter(1, now.minus(Duration.ofHours(1))).executeUpdate();
                return ((Number) em.createNativeQuery("SELECT count(*) FROM instances WHERE heartbeat_at > ?1")
                        .setParameter(1, now.minusSeconds(LIVE_SECONDS)).getSingleResult()).intValue();
            });
            int before = live.getAndSet(Math.max(1, n));
            if (before != Math.max(1, n)) {
                LOG.infof("Live instances: %d", Math.max(1, n));
            }
        } catch (RuntimeException e) {
            LOG.debugf("Instance heartbeat failed, keeping %d: %s", live.get(), e.getMessage());
        }
    }
}
