package dev.cardgen.api;

import java.net.ConnectException;
import java.sql.SQLTransientConnectionException;

/** Tells a failure of a dependency (database, storage) from a bug, so the former becomes 503 + Retry-After. */
public final class Unavailability {
    private Unavailability() {
    }

    public static boolean isUnavailable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof ConnectException
                    || t instanceof org.hibernate.exception.JDBCConnectionException
                    || t instanceof StorageUnavailableException) {
                return true;
            }
            // 08: connection exceptions; 57P: the server is shutting down or restarting (admin_shutdown,
            // crash_shutdown, cannot_connect_now), which is what a restart does to an open connection.
            if (t instanceof java.sql.SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().startsWith("57P"))) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
