package dev.cardgen.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A PostgreSQL of its own for the outage tests, which stop it and start it again on the same port
 * and data folder, as a database restart does. The app gets its URL, so the shared embedded
 * database of the other tests is never touched.
 */
public class RestartablePostgres implements QuarkusTestResourceLifecycleManager {

    private static Path dataDir;
    private static int port;
    private static EmbeddedPostgres running;

    @Override
    public Map<String, String> start() {
        try {
            dataDir = Files.createTempDirectory("cardgen-outage-pg");
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        startServer();
        return Map.of("quarkus.datasource.jdbc.url", running.getJdbcUrl("postgres", "postgres"),
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres");
    }

    /** Stops the server for good and removes its data folder (~40 MB). */
    @Override
    public void stop() {
        try {
            stopServer();
        } finally {
            TempFolders.delete(dataDir);
        }
    }

    /** Starts the server (again) on the same port and data folder. */
    public static synchronized void startServer() {
        if (running != null) {
            return;
        }
        try {
            running = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false)
                    .setPort(port)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("fsync", "off")
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start PostgreSQL", e);
        }
    }

    /** Stops the server; its data stays. */
    public static synchronized void stopServer() {
        if (running == null) {
            return;
        }
        try {
            running.close();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not stop PostgreSQL", e);
        } finally {
            running = null;
        }
    }
}
