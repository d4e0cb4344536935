package dev.cardgen.it;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.ItPostgres;
import dev.cardgen.testing.PackagedApp;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.Sse;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Scale-in: two packaged instances on one PostgreSQL and one blob folder; SIGTERM one while 8
 * generations run. Its running jobs finish within the shutdown grace or are released to the other
 * instance at once, never left to a lease expiry (the lease here is 10 minutes, far beyond the
 * test's wait); it exits promptly and ends its open streams as complete responses.
 */
@Execution(ExecutionMode.CONCURRENT) // starts its own instances: runs beside the @QuarkusIntegrationTests (pom.xml)
@Order(2) // the longest first (pom.xml)
class ScaleInIT {

    private static final Duration GRACE = Duration.ofSeconds(1);

    @Test
    void sigtermDuringEightGenerationsLosesNothingAndWaitsForNoLease() throws Exception {
        ItPostgres.Database pg = ItPostgres.create("scale_in");
        Map<String, String> settings = Map.of(
                "quarkus.datasource.jdbc.url", pg.jdbcUrl(),
                "quarkus.datasource.username", "postgres", "quarkus.datasource.password", "postgres",
                "cardgen.bootstrap-key", Api.BOOTSTRAP_KEY, "cardgen.signing-key", "it-signing-key",
                "cardgen.storage.fs.root", Files.createTempDirectory("cardgen-scale-in").toString(),
                "cardgen.jobs.workers", "2", "cardgen.jobs.lease", "600s",
                "cardgen.jobs.shutdown-grace", GRACE.toSeconds() + "s",
                // Each generation cuts its product as a photo's first does: with the product kept from the one
                // before, the 8 are short enough that the SIGTERM could find a with nothing running.
                "cardgen.generation.kept-products", "0");
        // Both start at once (Flyway serialises the migration with a lock); the load of the machine decides the rest.
        CompletableFuture<PackagedApp> startingB = CompletableFuture.supplyAsync(() -> start("scale-in-b", settings));
        try (PackagedApp a = start("scale-in-a", settings); PackagedApp b = startingB.join()) {
            String asset = a.as(Api.BOOTSTRAP_KEY).multiPart("file", "mug.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                    .post("/api/v1/assets").then().statusCode(201).extract().path("id");
            // The 8 are asked for at once, so they queue faster than the instances work them off: one at a time,
            // each POST took as long as a generation, and all 8 could be done before a was looked at.
            List<String> ids = new ArrayList<>();
            List<String> streams = new ArrayList<>();
            ExecutorService senders = Executors.newFixedThreadPool(8);
            try {
                List<Future<ExtractableResponse<Response>>> posts = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    posts.add(senders.submit(() -> a.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON)
                            .body(Map.of("asset_id", asset, "variants", 3)).post("/api/v1/generations")
                            .then().statusCode(202).extract()));
                }
                for (Future<ExtractableResponse<Response>> post : posts) {
                    var created = post.get(60, TimeUnit.SECONDS);
                    ids.add(created.path("id"));
                    streams.add(created.path("stream_url"));
                }
            } finally {
                senders.shutdownNow();
            }
            String aId = a.instanceId();
            // A client watching the last generation through instance a, connected before the SIGTERM.
            var stream = Sse.open(streams.get(7), Duration.ofSeconds(120), null);
            CompletableFuture<List<Sse.Event>> watched = CompletableFuture.supplyAsync(() -> {
                try {
                    return Sse.readUntilClosed(stream);
                } catch (Exception e) {
                    throw new IllegalStateException("the stream was cut, not ended", e);
                }
            });
            // Looked at last, so the SIGTERM follows within a poll: a generation outlasts that many times over.
            await("a runs a job").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
                    .until(() -> count(pg, "state = 'running' AND lease_owner = '" + aId + "'") > 0);
            long t0 = System.nanoTime();
            a.process().destroy(); // SIGTERM
            assertTrue(a.process().waitFor(GRACE.toSeconds() + 15, TimeUnit.SECONDS), "a did not exit:\n" + a.log());
            long exitMs = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(a.log().contains("Job dispatcher " + aId + " stopped"), a.log());

            // The stream a held ended as a complete response (no reset), with well-formed events.
            List<Sse.Event> seen = watched.get(30, TimeUnit.SECONDS);
            seen.forEach(e -> assertTrue(List.of("progress", "variant", "done").contains(e.name()), e.raw()));

            await("all 8 completed").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200))
                    .until(() -> count(pg, "state = 'done'") == 8);
            for (String id : ids) {
                var got = b.as(Api.BOOTSTRAP_KEY).get("/api/v1/generations/" + id).then().statusCode(200).extract();
                // On a failure, say why: the body and both instances' logs (a run is logged where it failed).
                assertEquals("completed", got.path("status"),
                        () -> got.asString() + "\n--- a ---\n" + a.log() + "\n--- b ---\n" + b.log());
                assertEquals(3, (int) got.path("variants.size()"));
                assertNull(got.path("error"));
            }
            // Nobody waited for a lease: no reaped run, and a released run was not counted as an attempt.
            assertEquals(0, count(pg, "last_error IS NOT NULL"));
            assertEquals(8, count(pg, "attempts = 1"));
            System.out.printf("scale-in: a exited %d ms after SIGTERM (grace %s); %s%n", exitMs, GRACE,
                    a.log().lines().filter(l -> l.contains("stopped in")).findFirst().orElse(""));
        }
    }

    private static PackagedApp start(String name, Map<String, String> settings) {
        try {
            return PackagedApp.start(name, settings, Duration.ofSeconds(180));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int count(ItPostgres.Database pg, String where) throws Exception {
        try (Connection c = pg.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM jobs WHERE " + where)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
