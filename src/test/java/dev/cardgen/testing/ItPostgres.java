package dev.cardgen.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.postgresql.ds.PGSimpleDataSource;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One embedded PostgreSQL for the integration tests of a JVM, and a new, empty database on it for each
 * test that asks: a server's start (initdb, start-up) costs about 3 s, a {@code CREATE DATABASE} a few
 * milliseconds.
 *
 * <p>The server is the one this JVM already runs when there is one. Quarkus' test launcher builds the
 * test-mode configuration as it opens, before the first test class, and {@code dev.cardgen.devdb} starts
 * an embedded server for it and publishes its address in a system property; starting a second one here
 * cost every run that much again, inside the first integration test class. Where that server is left
 * out (the native profile), this starts its own, stopped when the JVM exits. Either has room for 300
 * connections, as several packaged instances (each with its own pool) may be connected at once.
 */
public final class ItPostgres {

    /** The property {@code dev.cardgen.devdb} sets to its server's JDBC URL (database postgres). */
    private static final String RUNNING = "dev.cardgen.embedded-jdbc-url";
    private static final Pattern PORT = Pattern.compile("^jdbc:postgresql://localhost:(\\d+)/");
    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static int port;

    private ItPostgres() {
    }

    /** A database of its own on the shared server: its JDBC URL and a data source (user postgres) for the test's own reads. */
    public record Database(String jdbcUrl, DataSource dataSource) {
    }

    /** A new, empty database named {@code purpose} and a sequence number; starts the server on first use if need be. */
    public static synchronized Database create(String purpose) {
        if (port == 0) {
            port = runningPort();
        }
        if (port == 0) {
            port = startOwn();
        }
        String name = purpose + "_" + DATABASES.incrementAndGet();
        try (Connection c = dataSource("postgres").getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("CREATE DATABASE " + name, e);
        }
        return new Database(url(name), dataSource(name));
    }

    private static int runningPort() {
        String running = System.getProperty(RUNNING);
        if (running == null) {
            return 0;
        }
        Matcher m = PORT.matcher(running);
        if (!m.find()) {
            throw new IllegalStateException("not an embedded server's URL: " + running);
        }
        return Integer.parseInt(m.group(1));
    }

    private static int startOwn() {
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
            return started.getPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String url(String database) {
        return "jdbc:postgresql://localhost:" + port + "/" + database + "?user=postgres";
    }

    private static DataSource dataSource(String database) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setURL(url(database));
        ds.setUser("postgres");
        ds.setPassword("postgres");
        return ds;
    }
}
