package dev.cardgen.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;

/**
 * A real PostgreSQL for {@code @QuarkusIntegrationTest}s: the packaged application runs in the
 * prod profile, where the dev/test embedded database is off, so the test starts one and passes
 * its address (and the settings a prod run needs) to the launched jar or native binary.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    private EmbeddedPostgres postgres;

    @Override
    public Map<String, String> start() {
        try {
            postgres = EmbeddedPostgres.builder().setServerConfig("fsync", "off").start();
            String blobs = Files.createTempDirectory("cardgen-it-blobs").toString();
            return Map.of(
                    "quarkus.datasource.jdbc.url", postgres.getJdbcUrl("postgres", "postgres"),
                    "quarkus.datasource.username", "postgres",
                    "quarkus.datasource.password", "postgres",
                    "cardgen.bootstrap-key", Api.BOOTSTRAP_KEY,
                    "cardgen.admin-token", Api.ADMIN_TOKEN,
                    "cardgen.signing-key", "it-signing-key",
                    "cardgen.storage.fs.root", blobs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
        if (postgres != null) {
            try {
                postgres.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
