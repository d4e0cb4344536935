package dev.cardgen.devdb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Starts one embedded PostgreSQL per JVM and reuses it across Quarkus restarts (live reload,
 * test profiles). The JDBC URL is kept in a system property because each restart loads this
 * class again in a fresh class loader.
 */
final class EmbeddedPostgresLauncher {

    private static final String URL_PROPERTY = "dev.cardgen.embedded-jdbc-url";

    private EmbeddedPostgresLauncher() {
    }

    /**
     * @param dataDir persistent data folder, or null for a throw-away one (tests: the integration tests'
     *                packaged instances share it too, each with its own pool, hence the 300 connections)
     */
    static synchronized String jdbcUrl(String dataDir) {
        String running = System.getProperty(URL_PROPERTY);
        if (running != null) {
            return running;
        }
        try {
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setServerConfig("max_connections", dataDir == null ? "300" : "200")
                    .setServerConfig("fsync", dataDir == null ? "off" : "on");
            if (dataDir != null) {
                Path dir = Path.of(dataDir).toAbsolutePath();
                Files.createDirectories(dir);
                removeStalePidFile(dir);
                builder.setDataDirectory(dir).setCleanDataDirectory(false);
            }
            EmbeddedPostgres pg = builder.start();
            String url = pg.getJdbcUrl("postgres", "postgres");
            System.setProperty(URL_PROPERTY, url);
            return url;
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL", e);
        }
    }

    /** A dev process killed with -9 leaves postmaster.pid behind, which would block the next start. */
    private static void removeStalePidFile(Path dir) throws IOException {
        Path pidFile = dir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        String firstLine = Files.readAllLines(pidFile).stream().findFirst().orElse("").trim();
        boolean alive = !firstLine.isEmpty() && firstLine.chars().allMatch(Character::isDigit)
                && ProcessHandle.of(Long.parseLong(firstLine)).map(ProcessHandle::isAlive).orElse(false);
        if (!alive) {
            Files.delete(pidFile);
        }
    }
}
