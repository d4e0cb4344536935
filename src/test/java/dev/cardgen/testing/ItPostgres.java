package dev.cardgen.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One embedded PostgreSQL for the integration tests of a JVM, and a new, empty database on it for each
 * test that asks: a server's start (initdb, start-up) costs about 3 s, a {@code CREATE DATABASE} a few
 * milliseconds. The server is stopped when the JVM exits. Connections are raised above the default 100,
 * as several packaged instances (each with its own pool) may be connected at once.
 */
public final class ItPostgres {

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static EmbeddedPostgres server;

    private ItPostgres() {
    }

    /** A database of its own on the shared server: its JDBC URL and a data source (user postgres) for the test's own reads. */
    public record Database(String jdbcUrl, DataSource dataSource) {
    }

    /** A new, empty database named {@code purpose} and a sequence number; starts the server on first use. */
    public static synchronized Database create(String purpose) {
        if (server == null) {
            try {
                EmbeddedPostgres started = EmbeddedPostgres.builder().setServerConfig("fsync", "off")
                        .setServerConfig("max_connections", "300").start();
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        started.close();
                    } catch (IOException e) {
                        // the JVM is exiting; the temp folder goes with it
                    }
                }, "it-postgres-stop"));
                server = started;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        String name = purpose + "_" + DATABASES.incrementAndGet();
        try (Connection c = server.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("CREATE DATABASE " + name, e);
        }
        return new Database(server.getJdbcUrl("postgres", name), server.getDatabase("postgres", name));
    }
}
