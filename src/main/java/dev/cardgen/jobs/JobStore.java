package dev.cardgen.jobs;

import dev.cardgen.core.Times;
import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The SQL of the queue's life cycle, each step one autocommit statement. Every write after the
 * claim is guarded by (lease_owner, attempts), so a worker that lost its lease cannot overwrite
 * the outcome of the attempt that replaced it. Times (leases, back-off, updated_at) are the injected
 * clock's, bound as parameters rather than the database's {@code now()}, so a test moves them with the clock.
 */
@ApplicationScoped
public class JobStore {

    /** A job this instance just claimed; {@code deferrals}: how often it was put back for an unreachable dependency. */
    public record Claimed(String id, String kind, String refId, int attempt, int deferrals) {
    }

    /** A job whose lease expired; {@code state} is what it became: queued or failed. */
    public record Reaped(String id, String kind, String refId, JobState state) {
    }

    @Inject
    AgroalDataSource ds;
    @Inject
    Clock clock;

    /**
     * db-scheduler style: pick and lease up to {@code limit} queued jobs in one statement, fairly across
     * accounts. Each queued job's turn is its account's running jobs plus its place in that account's
     * queue; lower turns go first, then older jobs. So one account's thousand queued jobs take one
     * worker after another only while no other account waits: another account's single job has turn 1
     * (or its running count + 1) and is claimed in the next claim. Jobs without an account share one turn.
     */
    public List<Claimed> claim(String owner, Collection<String> kinds, Duration lease, int limit) throws SQLException {
        // The window function ranks in its own CTE (FOR UPDATE is not allowed beside one); the pick locks
        // the rows, re-checking state. The outer SELECT only orders the claimed rows (RETURNING has no ORDER BY).
        String sql = """
                WITH running AS (
                  SELECT account_id, count(*) AS n FROM jobs WHERE state = 'running' GROUP BY account_id),
                ranked AS (
                  SELECT j.id, j.created_at,
                         coalesce(r.n, 0) + row_number() OVER (PARTITION BY j.account_id ORDER BY j.created_at) AS turn
                    FROM jobs j LEFT JOIN running r ON r.account_id IS NOT DISTINCT FROM j.account_id
                   WHERE j.state = 'queued' AND j.kind = ANY (?) AND (j.run_after IS NULL OR j.run_after <= ?)),
                picked AS (
                  SELECT jobs.id FROM jobs JOIN ranked ON ranked.id = jobs.id
                   WHERE jobs.state = 'queued'
                   ORDER BY ranked.turn, ranked.created_at LIMIT ? FOR UPDATE OF jobs SKIP LOCKED),
                claimed AS (
                  UPDATE jobs SET state = 'running', lease_owner = ?, lease_until = ?,
                         attempts = attempts + 1, updated_at = ?
                   WHERE id IN (SELECT id FROM picked)
                  RETURNING id, kind, ref_id, attempts, deferrals, created_at)
                SELECT id, kind, ref_id, attempts, deferrals FROM claimed ORDER BY created_at""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            Instant now = Times.now(clock);
            ps.setArray(1, c.createArrayOf("text", kinds.toArray()));
            setTime(ps, 2, now);
            ps.setInt(3, limit);
            ps.setString(4, owner);
            setTime(ps, 5, now.plus(lease));
            setTime(ps, 6, now);
            List<Claimed> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Claimed(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4), rs.getInt(5)));
                }
            }
            return out;
        }
    }

    public int renew(String owner, Collection<String> ids, Duration lease) throws SQLException {
        if (ids.isEmpty()) {
            return 0;
        }
        String sql = """
                UPDATE jobs SET lease_until = ?, updated_at = ?
                 WHERE id = ANY (?) AND lease_owner = ? AND state = 'running'""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            Instant now = Times.now(clock);
            setTime(ps, 1, now.plus(lease));
            setTime(ps, 2, now);
            ps.setArray(3, c.createArrayOf("text", ids.toArray()));
            ps.setString(4, owner);
            return ps.executeUpdate();
        }
    }

    /** @return false when the lease was lost meanwhile (another attempt owns the row now) */
    public boolean complete(Claimed job, String owner) throws SQLException {
        String sql = """
                UPDATE jobs SET state = 'done', lease_owner = NULL, lease_until = NULL, updated_at = ?
                 WHERE id = ? AND lease_owner = ? AND attempts = ? AND state = 'running'""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            setTime(ps, 1, Times.now(clock));
            ps.setString(2, job.id());
            ps.setString(3, owner);
            ps.setInt(4, job.attempt());
            return ps.executeUpdate() == 1;
        }
    }

    /** Back to queued while attempts remain, else failed. Empty when the lease was lost meanwhile. */
    public Optional<JobState> fail(Claimed job, String owner, String error) throws SQLException {
        String sql = """
                UPDATE jobs SET state = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END,
                       last_error = ?, lease_owner = NULL, lease_until = NULL, updated_at = ?
                 WHERE id = ? AND lease_owner = ? AND attempts = ? AND state = 'running'
                RETURNING state""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, error);
            setTime(ps, 2, Times.now(clock));
            ps.setString(3, job.id());
            ps.setString(4, owner);
            ps.setInt(5, job.attempt());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(JobState.of(rs.getString(1))) : Optional.empty();
            }
        }
    }

    /**
     * Back to the queue, not to be claimed before {@code delay} has passed, after an attempt that
     * failed only because a dependency was unreachable: the attempt is not counted.
     *
     * @return false when the lease was lost meanwhile
     */
    public boolean defer(Claimed job, String owner, Duration delay, String error) throws SQLException {
        String sql = """
                UPDATE jobs SET state = 'queued', attempts = attempts - 1, deferrals = deferrals + 1,
                       run_after = ?, last_error = ?,
                       lease_owner = NULL, lease_until = NULL, updated_at = ?
                 WHERE id = ? AND lease_owner = ? AND attempts = ? AND state = 'running'""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            Instant now = Times.now(clock);
            setTime(ps, 1, now.plus(delay));
            ps.setString(2, error);
            setTime(ps, 3, now);
            ps.setString(4, job.id());
            ps.setString(5, owner);
            ps.setInt(6, job.attempt());
            return ps.executeUpdate() == 1;
        }
    }

    /**
     * Puts this owner's running jobs back in the queue now (shutdown): the interrupted run is not
     * counted as an attempt, and a NOTIFY on {@code channel} wakes the other instances' dispatchers.
     *
     * @return how many rows were still ours
     */
    public int release(String owner, Collection<String> ids, String channel) throws SQLException {
        String sql = """
                WITH released AS (
                  UPDATE jobs SET state = 'queued', attempts = attempts - 1, lease_owner = NULL, lease_until = NULL,
                         updated_at = ?
                   WHERE id = ANY (?) AND lease_owner = ? AND state = 'running'
                  RETURNING kind)
                SELECT count(*), pg_notify(?, min(kind)) FROM released""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            setTime(ps, 1, Times.now(clock));
            ps.setArray(2, c.createArrayOf("text", ids.toArray()));
            ps.setString(3, owner);
            ps.setString(4, channel);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /**
     * Running jobs whose lease expired go back to the queue, or fail on their last attempt. Row locks
     * make concurrent reapers on several instances see each job exactly once. The jobs {@code owner}
     * is still running itself ({@code ownIds}) are left alone: their lease ran out only because the
     * database could not be reached to renew it, and their worker is still deciding their outcome.
     */
    public List<Reaped> reapExpired(String owner, Collection<String> ownIds) throws SQLException {
        String sql = """
                UPDATE jobs SET state = CASE WHEN attempts < max_attempts THEN 'queued' ELSE 'failed' END,
                       last_error = 'lease expired', lease_owner = NULL, lease_until = NULL, updated_at = ?
                 WHERE state = 'running' AND lease_until < ?
                   AND NOT (lease_owner = ? AND id = ANY (?))
                RETURNING id, kind, ref_id, state""";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            Instant now = Times.now(clock);
            setTime(ps, 1, now);
            setTime(ps, 2, now);
            ps.setString(3, owner);
            ps.setArray(4, c.createArrayOf("text", ownIds.toArray()));
            List<Reaped> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Reaped(rs.getString(1), rs.getString(2), rs.getString(3), JobState.of(rs.getString(4))));
                }
            }
            return out;
        }
    }

    private static void setTime(PreparedStatement ps, int index, Instant instant) throws SQLException {
        ps.setObject(index, OffsetDateTime.ofInstant(instant, ZoneOffset.UTC));
    }
}
