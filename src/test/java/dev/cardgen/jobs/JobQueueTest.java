package dev.cardgen.jobs;

import dev.cardgen.core.Ids;
import dev.cardgen.testing.JobsStreamProfile;
import dev.cardgen.testing.TestClock;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.narayana.jta.QuarkusTransactionException;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queue against the real PostgreSQL. The profile's fallback poll is one hour, so every job
 * that runs within these tests' timeouts was started by a wake-up signal, not by polling. Leases
 * expire because a test moves the clock, not because it waits them out.
 */
@QuarkusTest
@TestProfile(JobsStreamProfile.class)
class JobQueueTest {

    @Inject
    JobQueue queue;
    @Inject
    AgroalDataSource ds;
    @Inject
    TestHandlers.Once once;
    @Inject
    TestHandlers.Throws throwing;
    @Inject
    TestHandlers.LeaseLoser leaseLoser;
    @Inject
    TestHandlers.Gated gated;
    @Inject
    TestHandlers.HalfGated halfGated;
    @Inject
    JobReaper reaper;
    @Inject
    JobStore store;
    @Inject
    TestClock clock;
    @Inject
    JobsConfig config;
    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String jdbcUrl;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void aJobRunsOnceRightAfterCommit() {
        String ref = ref();
        String id = queue.enqueue("test-once", ref);
        assertTrue(id.startsWith("job_"));
        await().atMost(Duration.ofSeconds(5)).until(() -> "done".equals(state(id)));
        assertEquals(1, once.runs(ref));
        assertEquals(1, attempts(id));
    }

    @Test
    void eightJobsRunFourAtATimeWithNoWorkerIdleWhileJobsWait() {
        gated.reset();
        List<String> ids = new ArrayList<>();
        List<String> refs = new ArrayList<>();
        QuarkusTransaction.requiringNew().run(() -> {
            for (int i = 0; i < 8; i++) {
                String ref = ref();
                refs.add(ref);
                ids.add(queue.enqueue("test-gated", ref));
            }
        });
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.running.get() == 4);
        assertEquals(4, gated.runs.size(), "only as many jobs start as there are workers");
        assertEquals(4, count("SELECT count(*) FROM jobs WHERE id = ANY (?) AND state = 'queued'", ids));
        gated.gate.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> count("SELECT count(*) FROM jobs WHERE id = ANY (?) AND state = 'done'", ids) == 8);
        assertEquals(4, gated.peak.get());
        refs.forEach(r -> assertEquals(1, gated.runs(r)));
        // Each of the 4 later jobs starts as soon as a worker frees up (the poll is 1 h).
        List<Instant> ends = gated.spans.stream().map(TestHandlers.Gated.Span::end).sorted().toList();
        List<Instant> starts = gated.spans.stream().map(TestHandlers.Gated.Span::start).sorted().toList();
        for (int k = 0; k < 4; k++) {
            Instant start = starts.get(4 + k);
            Instant freed = ends.get(k);
            assertTrue(!start.isBefore(freed.minusMillis(5)) && start.isBefore(freed.plusMillis(500)),
                    "job " + (4 + k) + " started " + start + ", worker freed " + freed);
        }
    }

    @Test
    void aKindLimitedToHalfTheWorkersLeavesTheOtherHalfToOtherKinds() {
        gated.reset();
        halfGated.reset();
        List<String> ids = new ArrayList<>();
        QuarkusTransaction.requiringNew().run(() -> {
            for (int i = 0; i < 4; i++) {
                ids.add(queue.enqueue("test-gated-half", ref())); // the oldest: a plain claim would take all four
            }
            for (int i = 0; i < 2; i++) {
                ids.add(queue.enqueue("test-gated", ref()));
            }
        });
        await().atMost(Duration.ofSeconds(5)).until(() -> halfGated.running.get() == 2 && gated.running.get() == 2);
        assertEquals(2, halfGated.runs.size(), "at most half of the 4 workers on the limited kind");
        assertEquals(2, count("SELECT count(*) FROM jobs WHERE id = ANY (?) AND state = 'queued'", ids));
        halfGated.gate.countDown();
        gated.gate.countDown();
        await().atMost(Duration.ofSeconds(10)).until(() -> count("SELECT count(*) FROM jobs WHERE id = ANY (?) AND state = 'done'", ids) == 6);
        assertEquals(2, halfGated.peak.get());
        assertEquals(4, halfGated.runs.size());
    }

    @Test
    void enqueueInARolledBackTransactionLeavesNoJob() {
        String ref = ref();
        assertThrows(QuarkusTransactionException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            queue.enqueue("test-once", ref);
            QuarkusTransaction.setRollbackOnly();
        }));
        assertEquals(0, count("SELECT count(*) FROM jobs WHERE ref_id = ANY (?)", List.of(ref)));
        String after = ref();
        String id = queue.enqueue("test-once", after);
        await().atMost(Duration.ofSeconds(5)).until(() -> "done".equals(state(id)));
        assertEquals(0, once.runs(ref));
    }

    @Test
    void aJobAnnouncedByAnotherInstanceWakesThisOne() throws Exception {
        String ref = ref();
        String id = Ids.next("job");
        try (Connection other = otherInstance(); Statement st = other.createStatement()) {
            other.setAutoCommit(false);
            st.execute("INSERT INTO jobs (id, kind, ref_id) VALUES ('" + id + "', 'test-once', '" + ref + "')");
            st.execute("NOTIFY cardgen_jobs, 'test-once'");
            other.commit();
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> "done".equals(state(id)));
        assertEquals(1, once.runs(ref));
    }

    @Test
    void afterTheListenConnectionDropsAJobAnnouncedMeanwhileStillRuns() throws Exception {
        String ref = ref();
        String id = Ids.next("job");
        try (Connection other = otherInstance(); Statement st = other.createStatement()) {
            st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cardgen-listen-cardgen_jobs'");
            st.execute("INSERT INTO jobs (id, kind, ref_id) VALUES ('" + id + "', 'test-once', '" + ref + "')");
            st.execute("NOTIFY cardgen_jobs, 'test-once'");
        }
        // The notification may be lost; the reconnect wakes the dispatcher (the fallback poll is 1 h).
        await().atMost(Duration.ofSeconds(10)).until(() -> "done".equals(state(id)));
        assertEquals(1, once.runs(ref));
    }

    /**
     * A lease of an hour, which no real wait here could see expire: the clock jumps past it, and the
     * next scheduled reaper pass requeues the job.
     */
    @Test
    void aJobLeftRunningByADeadInstanceIsRequeuedAndRuns() throws Exception {
        String ref = ref();
        String id = Ids.next("job");
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                "INSERT INTO jobs (id, kind, ref_id, state, attempts, lease_owner, lease_until) "
                        + "VALUES (?, 'test-once', ?, 'running', 1, 'inst_deadbeef0000', ?)")) {
            ps.setString(1, id);
            ps.setString(2, ref);
            ps.setObject(3, OffsetDateTime.ofInstant(clock.instant().plus(Duration.ofHours(1)), ZoneOffset.UTC));
            ps.executeUpdate();
        }
        reaper.reap();
        assertEquals("running", state(id), "a lease that has not run out is left alone");

        clock.advance(Duration.ofHours(1).plusSeconds(1));
        await().atMost(Duration.ofSeconds(5)).until(() -> "done".equals(state(id)));
        assertEquals(1, once.runs(ref));
        assertEquals(2, attempts(id));
    }

    @Test
    void aJobWhoseLeaseExpiresThreeTimesFailsAndIsGivenUpOnce() {
        String ref = ref();
        String id = queue.enqueue("test-lease-loser", ref);
        for (int attempt = 1; attempt <= 3; attempt++) {
            int handedOver = attempt;
            await().atMost(Duration.ofSeconds(5)).until(() -> leaseLoser.runs(ref) == handedOver);
            // At once, not after the 3 s lease has also run out in real time: the reaper goes by the moved clock.
            clock.advance(config.lease().plusSeconds(1));
            reaper.reap();
            assertFalse(stillHandedOver(id, attempt), "attempt " + attempt + "'s expired lease was reaped");
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> "failed".equals(state(id)));
        assertEquals(3, leaseLoser.runs(ref));
        assertEquals(3, attempts(id));
        await().during(Duration.ofMillis(600)).atMost(Duration.ofSeconds(2)).until(() -> leaseLoser.givenUp(ref) == 1);
        assertEquals("lease expired", leaseLoser.reasons.get(ref));
        assertEquals("lease expired", text("SELECT last_error FROM jobs WHERE id = ?", id));
    }

    @Test
    void aThrowingHandlerIsRetriedThenFailed() {
        String ref = ref();
        String id = queue.enqueue("test-throws", ref);
        await().atMost(Duration.ofSeconds(5)).until(() -> "failed".equals(state(id)));
        assertEquals(3, throwing.runs(ref));
        await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2)).until(() -> throwing.givenUp(ref) == 1);
        assertEquals("boom on attempt 3", throwing.reasons.get(ref));
        assertEquals("boom on attempt 3", text("SELECT last_error FROM jobs WHERE id = ?", id));
    }

    @Test
    void theHeartbeatKeepsALongJobLeased() {
        gated.reset();
        String ref = ref();
        String id = queue.enqueue("test-gated", ref);
        await().atMost(Duration.ofSeconds(5)).until(() -> gated.running.get() == 1);
        // An hour on, far past the 3 s lease: the next heartbeat (every lease/3) renews it from the
        // moved clock, so another instance's reaper (lease_until < its now) would leave it alone.
        clock.advance(Duration.ofHours(1));
        await().atMost(Duration.ofSeconds(5)).until(() -> leasedPast(id, clock.instant()));
        assertEquals("running", state(id));
        assertEquals(1, attempts(id));
        gated.gate.countDown();
        await().atMost(Duration.ofSeconds(5)).until(() -> "done".equals(state(id)));
        assertEquals(1, gated.runs(ref));
        assertFalse(gated.givenUp(ref) > 0);
    }

    @Test
    void theClaimTakesTurnsAcrossAccountsSoABigBacklogDoesNotStarveAnotherAccount() throws Exception {
        // A kind no handler runs, so only this test's claims move these rows.
        String kind = "test-fair-" + Ids.random(6);
        String big = "acc_" + Ids.random(24);
        String small = "acc_" + Ids.random(24);
        String other = "acc_" + Ids.random(24);
        List<String> bigJobs = new ArrayList<>();
        QuarkusTransaction.requiringNew().run(() -> {
            for (int i = 0; i < 50; i++) {
                bigJobs.add(queue.enqueue(kind, ref(), big));
            }
        });
        String smallJob = queue.enqueue(kind, ref(), small);
        String otherJob = queue.enqueue(kind, ref(), other);
        Duration lease = Duration.ofMinutes(5);

        // Every account's first job has turn 1: the oldest of them goes first.
        List<JobStore.Claimed> first = store.claim("inst_fair", List.of(kind), lease, 1);
        assertEquals(List.of(bigJobs.get(0)), first.stream().map(JobStore.Claimed::id).toList());
        // The big account now runs one: its next job's turn is 2, the others' still 1; they go before its 49.
        List<JobStore.Claimed> second = store.claim("inst_fair", List.of(kind), lease, 2);
        assertEquals(List.of(smallJob, otherJob), second.stream().map(JobStore.Claimed::id).toList());
        // With nobody else waiting, the backlog takes every free worker, oldest first.
        List<JobStore.Claimed> third = store.claim("inst_fair", List.of(kind), lease, 3);
        assertEquals(bigJobs.subList(1, 4), third.stream().map(JobStore.Claimed::id).toList());

        // A newcomer's single job overtakes the 46 still queued, though it is the youngest row of all.
        String late = queue.enqueue(kind, ref(), small + "x");
        List<JobStore.Claimed> fourth = store.claim("inst_fair", List.of(kind), lease, 1);
        assertEquals(List.of(late), fourth.stream().map(JobStore.Claimed::id).toList());
        assertEquals(46, count("SELECT count(*) FROM jobs WHERE id = ANY (?) AND state = 'queued'", bigJobs));
    }

    private static String ref() {
        return "ref_" + Ids.random(16);
    }

    private Connection otherInstance() throws Exception {
        return DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
    }

    private String state(String id) {
        return text("SELECT state FROM jobs WHERE id = ?", id);
    }

    private int attempts(String id) {
        return Integer.parseInt(text("SELECT attempts::text FROM jobs WHERE id = ?", id));
    }

    /** Attempt {@code attempt} of the lease loser still running under the dead owner. */
    private boolean stillHandedOver(String id, int attempt) {
        return holds("SELECT state = 'running' AND attempts = ? AND lease_owner = 'inst_dead' FROM jobs WHERE id = ?", attempt, id);
    }

    /** The job's lease runs at least until {@code instant}: a reaper whose clock says that leaves it alone. */
    private boolean leasedPast(String id, Instant instant) {
        return holds("SELECT lease_until >= ? FROM jobs WHERE id = ?", OffsetDateTime.ofInstant(instant, ZoneOffset.UTC), id);
    }

    private boolean holds(String sql, Object... args) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private String text(String sql, String arg) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, arg);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private int count(String sql, List<String> ids) {
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setArray(1, c.createArrayOf("text", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
