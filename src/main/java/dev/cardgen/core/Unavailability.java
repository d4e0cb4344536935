package dev.cardgen.core;

import java.net.ConnectException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/** Tells a failure of a dependency (database, storage) from a bug, so the former becomes 503 + Retry-After. */
public final class Unavailability {

    /** Enough for any real chain; a bound so a pathological one cannot keep the walk going. */
    private static final int MAX_SEEN = 64;

    private Unavailability() {
    }

    /**
     * Whether {@code e}, its causes or the exceptions suppressed along the way tell of an unreachable
     * dependency. Suppressed ones count: a transaction whose commit fails because the database went
     * away reports a generic rollback, and the connection's error is suppressed inside it.
     */
    public static boolean isUnavailable(Throwable e) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        ArrayDeque<Throwable> todo = new ArrayDeque<>();
        if (e != null) todo.add(e);
        while (!todo.isEmpty() && seen.size() < MAX_SEEN) {
            Throwable t = todo.poll();
            if (!seen.add(t)) continue;
            if (isUnavailableItself(t)) return true;
            if (t.getCause() != null) todo.add(t.getCause());
            Collections.addAll(todo, t.getSuppressed());
        }
        return false;
    }

    private static boolean isUnavailableItself(Throwable t) {
        if (t instanceof SQLTransientConnectionException || t instanceof ConnectException
                || t instanceof org.hibernate.exception.JDBCConnectionException
                || t instanceof StorageUnavailableException) {
            return true;
        }
        // 08: connection exceptions; 57P: the server is shutting down or restarting (admin_shutdown,
        // crash_shutdown, cannot_connect_now), which is what a restart does to an open connection.
        return t instanceof java.sql.SQLException sql && sql.getSQLState() != null
                && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"));
    }
}
