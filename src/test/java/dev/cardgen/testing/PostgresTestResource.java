package dev.cardgen.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.Map;

/**
 * A real PostgreSQL for {@code @QuarkusIntegrationTest}s: the packaged application runs in the
 * prod profile, where the dev/test embedded database is off, so the test makes a database on the
 * shared {@link ItPostgres} and passes its address (and the settings a prod run needs) to the
 * launched jar or native binary. Production refuses to start without {@code cardgen.public-base-url},
 * and the URLs in bodies must reach the instance, so the port is chosen here and both go to the
 * launcher (its {@code -D}s come after its own {@code quarkus.http.port}; it learns the port from the
 * started application's log).
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        try {
            ItPostgres.Database db = ItPostgres.create("api");
            String blobs = Files.createTempDirectory("cardgen-it-blobs").toString();
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            return Map.of(
                    "quarkus.http.port", Integer.toString(port),
                    "cardgen.public-base-url", "http://localhost:" + port,
                    "quarkus.datasource.jdbc.url", db.jdbcUrl(),
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
        // the shared server stops with the JVM
    }
}
