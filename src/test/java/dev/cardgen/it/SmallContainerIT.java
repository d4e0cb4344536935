package dev.cardgen.it;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.ItPostgres;
import dev.cardgen.testing.PackagedApp;
import dev.cardgen.testing.SmallContainer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged application on the smallest container it is documented for (1 vCPU, 512 MB): started
 * with the JVM options and environment of {@code Dockerfile.aot} (its AOT cache too when this JVM can
 * use it) and that size's {@code -XX:MaxRAM}/{@code -XX:ActiveProcessorCount}, it starts, takes four
 * concurrent 12 Mpx uploads and a 3-variant generation, and its resident memory stays under the limit.
 */
@Execution(ExecutionMode.CONCURRENT) // starts its own instances: runs beside the @QuarkusIntegrationTests (pom.xml)
@Order(3) // the longest first (pom.xml)
class SmallContainerIT {

    @Test
    void startsAndServesWithinFiveHundredTwelveMegabytes() throws Exception {
        ItPostgres.Database pg = ItPostgres.create("small_container");
        // The image leaves the migration to a one-shot Job; here the instance migrates its empty database itself.
        Map<String, String> settings = Map.of(
                "quarkus.datasource.jdbc.url", pg.jdbcUrl(),
                "quarkus.datasource.username", "postgres", "quarkus.datasource.password", "postgres",
                "quarkus.flyway.active", "true", "quarkus.flyway.migrate-at-start", "true",
                "cardgen.bootstrap-key", Api.BOOTSTRAP_KEY, "cardgen.signing-key", "it-signing-key",
                "cardgen.storage.fs.root", Files.createTempDirectory("cardgen-small").toString());
        try (PackagedApp app = PackagedApp.start("small-container", SmallContainer.jvmOptions(SmallContainer.aotCacheUsable()),
                SmallContainer.environment(), settings, Duration.ofSeconds(120))) {
            SmallContainer.Footprint rss = SmallContainer.exercise(app, Api.BOOTSTRAP_KEY);
            System.out.printf("small container (java %s, AOT cache %s): %s%n", Runtime.version(), SmallContainer.aotCacheUsable(), rss);
            assertTrue(rss.peakMb() < SmallContainer.LIMIT_MB, () -> rss + "\n" + app.log());
            assertFalse(app.log().contains("OutOfMemoryError"), app::log);
        }
    }
}
