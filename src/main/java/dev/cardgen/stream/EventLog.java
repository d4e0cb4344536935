package dev.cardgen.stream;

import dev.cardgen.core.AfterCommit;
import dev.cardgen.core.Json;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.core.Times;
import dev.cardgen.pg.ListenConfig;
import dev.cardgen.pg.PgListener;
import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * The ordered event log of every stream: PostgreSQL is the record, {@code NOTIFY cardgen_events}
 * announces appends to every instance, and in this process appends also go straight to the local
 * followers. Followers replay the table, then take live events, de-duplicated and ordered by seq.
 */
@ApplicationScoped
public class EventLog {

    static final String CHANNEL = "cardgen_events";
    private static final Logger LOG = Logger.getLogger(EventLog.class);

    @Inject
    AgroalDataSource ds;
    @Inject
    ObjectMapper json;
    @Inject
    Config mpConfig;
    @Inject
    Clock clock;
    @Inject
    ListenConfig listen;
    @Inject
    AfterCommit afterCommit;
    private final Map<String, Set<StreamFollower>> followers = new ConcurrentHashMap<>();
    private PgListener listener;

    void start(@Observes StartupEvent event) {
        listener = new PgListener(mpConfig, listen, CHANNEL, this::onNotification, this::catchUpAll);
        listener.start();
    }

    /**
     * Ends every open stream of this instance as a complete response (not a reset) while HTTP still
     * serves, so clients reconnect to another instance and replay. Runs after the job dispatcher's
     * shutdown grace (a lower priority runs first).
     */
    void endStreams(@Observes @Priority(2000) ShutdownDelayInitiatedEvent event) {
        int ended = 0;
        for (var set : followers.values()) {
            for (StreamFollower f : set) {
                f.end();
                ended++;
            }
        }
        if (ended > 0) {
            // Ending a stream only queues its last chunk on the event loop: give the loop a moment to
            // write it before HTTP stops, or a short drain cuts the stream instead of ending it.
            try {
                Thread.sleep(FLUSH_PAUSE_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** How long a shutdown waits, once it ended open streams, for their last chunks to be written. */
    private static final long FLUSH_PAUSE_MS = 300;

    void stop(@Observes ShutdownEvent event) {
        if (listener != null) {
            listener.stop();
        }
        followers.values().forEach(set -> set.forEach(StreamFollower::end));
    }

    /**
     * Appends the next event of {@code streamId} in its own transaction (committed when this
     * returns, whatever the caller's transaction does), then announces it. {@code data} is a Map or
     * record, serialised with the application's ObjectMapper (snake_case).
     */
    public StreamEvent append(String streamId, String event, Object data) {
        return appendAll(streamId, List.of(new Next(event, data))).get(0);
    }

    /** As {@link #append}, several events in order, in one transaction: one lock, one insert and one NOTIFY for them all. */
    public List<StreamEvent> appendAll(String streamId, List<Next> events) {
        List<StreamEvent> appended = QuarkusTransaction.requiringNew().call(() -> insert(streamId, events));
        deliver(streamId, appended);
        return appended;
    }

    /** An event to append: its name and its data (a Map or record, as for {@link #append}). */
    public record Next(String event, Object data) {
    }

    /**
     * Appends {@code events} to {@code streamId}, in order, in the caller's transaction: they commit with
     * the caller's rows or not at all, are announced by the commit (PostgreSQL sends a NOTIFY then) and
     * reach this instance's followers after it.
     */
    public void appendInTransaction(String streamId, List<Next> events) {
        if (events.isEmpty()) {
            return;
        }
        List<StreamEvent> appended;
        try {
            appended = insert(streamId, events);
        } catch (SQLException e) {
            throw new IllegalStateException("Appending to stream " + streamId + " failed", e);
        }
        afterCommit.run(() -> deliver(streamId, appended));
    }

    /** The events of {@code streamId} with seq greater than {@code afterSeq}, in order. */
    public List<StreamEvent> read(String streamId, int afterSeq) {
        String sql = "SELECT seq, event, data FROM stream_events WHERE stream_id = ? AND seq > ? ORDER BY seq";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, streamId);
            ps.setInt(2, afterSeq);
            List<StreamEvent> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new StreamEvent(streamId, rs.getInt(1), rs.getString(2), rs.getString(3)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("Reading stream " + streamId + " failed", e);
        }
    }

    /**
     * Every event from the first, exactly once each and in order, then the live ones; completes
     * after {@code done} or {@code error}. Any number of subscribers; events appended by other
     * instances arrive through NOTIFY. Subscription (the initial read) runs on a worker thread.
     */
    public Multi<StreamEvent> follow(String streamId) {
        return follow(streamId, 0);
    }

    /** As {@link #follow(String)}, starting after {@code afterSeq} (a reconnecting client's Last-Event-ID). */
    public Multi<StreamEvent> follow(String streamId, int afterSeq) {
        return Multi.createFrom().<StreamEvent>emitter(emitter -> {
            StreamFollower follower = new StreamFollower(streamId, emitter, this::read, afterSeq);
            followers.compute(streamId, (k, v) -> {
                Set<StreamFollower> s = v != null ? v : ConcurrentHashMap.newKeySet();
                s.add(follower);
                return s;
            });
            emitter.onTermination(() -> unregister(streamId, follower));
            // Registered on the subscribing thread, so a shutdown's endStreams finds the follower as soon as the
            // subscriber has it; the first read blocks, so it runs on a worker. Registered before that read: an
            // event committed meanwhile is either in the read or offered after it.
            try {
                Infrastructure.getDefaultWorkerPool().execute(follower::catchUp);
            } catch (RejectedExecutionException e) {
                follower.end(); // the workers are stopping: so is this instance
            }
        });
    }

    /**
     * Where the stream stands: its last seq (0 when empty) and whether that last event ended it.
     * Nothing follows a terminal event, so "ended" means no event after the last seq will ever come.
     */
    public Position position(String streamId) {
        String sql = "SELECT seq, event FROM stream_events WHERE stream_id = ? ORDER BY seq DESC LIMIT 1";
        try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, streamId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return new Position(0, false);
                }
                return new Position(rs.getInt(1), StreamEvent.isTerminal(rs.getString(2)));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Reading stream " + streamId + " failed", e);
        }
    }

    /** The last seq of a stream and whether the stream has ended with it. */
    public record Position(int lastSeq, boolean ended) {
    }

    private void unregister(String streamId, StreamFollower follower) {
        followers.computeIfPresent(streamId, (k, s) -> {
            s.remove(follower);
            return s.isEmpty() ? null : s;
        });
    }

    /** Inserts {@code events} as the next seqs of {@code streamId} on the current transaction's connection, and NOTIFYs the last. */
    private List<StreamEvent> insert(String streamId, List<Next> events) throws SQLException {
        List<String> data = events.stream().map(e -> Json.write(json, e.data())).toList();
        try (Connection c = ds.getConnection()) {
            // Serialises appends to one stream (across instances) so max(seq) + 1 is free.
            try (PreparedStatement lock = c.prepareStatement("SELECT pg_advisory_xact_lock(7001, hashtext(?))")) {
                lock.setString(1, streamId);
                lock.execute();
            }
            StringBuilder values = new StringBuilder();
            for (int i = 0; i < events.size(); i++) {
                values.append(i == 0 ? "" : ", ").append("(").append(i + 1).append(", ?, ?)");
            }
            int first;
            try (PreparedStatement ins = c.prepareStatement("""
                    INSERT INTO stream_events (stream_id, seq, event, data, created_at)
                    SELECT ?, last.seq + n, event, data, ?
                      FROM (SELECT coalesce(max(seq), 0) AS seq FROM stream_events WHERE stream_id = ?) last,
                           (VALUES %s) AS next (n, event, data)
                    RETURNING seq""".formatted(values))) {
                int p = 1;
                ins.setString(p++, streamId);
                ins.setObject(p++, OffsetDateTime.ofInstant(Times.now(clock), ZoneOffset.UTC));
                ins.setString(p++, streamId);
                for (int i = 0; i < events.size(); i++) {
                    ins.setString(p++, events.get(i).event());
                    ins.setString(p++, data.get(i));
                }
                first = Integer.MAX_VALUE;
                try (ResultSet rs = ins.executeQuery()) {
                    while (rs.next()) {
                        first = Math.min(first, rs.getInt(1));
                    }
                }
            }
            int last = first + events.size() - 1;
            try (PreparedStatement notify = c.prepareStatement("SELECT pg_notify(?, ?)")) {
                notify.setString(1, CHANNEL);
                notify.setString(2, streamId + ":" + last);
                notify.execute();
            }
            List<StreamEvent> out = new ArrayList<>(events.size());
            for (int i = 0; i < events.size(); i++) {
                out.add(new StreamEvent(streamId, first + i, events.get(i).event(), data.get(i)));
            }
            return out;
        }
    }

    /** A NOTIFY {@code <stream_id>:<seq>}, from any instance including this one. */
    private void onNotification(String payload) {
        int colon = payload.lastIndexOf(':');
        if (colon <= 0) {
            return;
        }
        String streamId = payload.substring(0, colon);
        int seq;
        try {
            seq = Integer.parseInt(payload.substring(colon + 1));
        } catch (NumberFormatException e) {
            return;
        }
        Set<StreamFollower> set = followers.get(streamId);
        if (set == null || set.isEmpty()) {
            return;
        }
        int behind = set.stream().mapToInt(StreamFollower::lastSeq).min().orElse(seq);
        if (behind >= seq) {
            return; // already delivered in process
        }
        deliver(streamId, read(streamId, behind));
    }

    /** After (re)connecting the listener: notifications may have been missed, so every follower re-reads. */
    private void catchUpAll() {
        followers.values().forEach(set -> set.forEach(f -> {
            try {
                f.catchUp();
            } catch (RuntimeException e) {
                LOG.warnf("Catching up stream %s failed: %s", f.streamId(), e.getMessage());
            }
        }));
    }

    private void deliver(String streamId, List<StreamEvent> events) {
        Set<StreamFollower> set = followers.get(streamId);
        if (set == null) {
            return;
        }
        for (StreamFollower f : set) {
            for (StreamEvent e : events) {
                f.offer(e);
            }
        }
    }
}
