package dev.cardgen.resilience;

import dev.cardgen.core.Ids;
import dev.cardgen.jobs.JobDispatcher;
import dev.cardgen.pg.PgListener;
import dev.cardgen.stream.StreamTokens;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.LogWatch;
import dev.cardgen.testing.OneWorkerProfile;
import dev.cardgen.testing.RestartablePostgres;
import dev.cardgen.testing.Sse;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URL;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PostgreSQL stops while generations run and starts again once the running job and both LISTEN
 * connections have met the outage: readiness follows it, requests meanwhile get 503 with
 * Retry-After, and afterwards every generation completes once and every stream shows each of its
 * events once, in order, each job at one counted attempt. Both LISTEN connections are back: a job and
 * a stream event written and announced from a connection of the test's own are picked up within
 * seconds, with the poll interval far longer ({@link OneWorkerProfile}).
 */
@QuarkusTest
@TestProfile(OneWorkerProfile.class)
class DatabaseOutageTest {

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String jdbcUrl;
    @Inject
    StreamTokens tokens;
    @TestHTTPResource("/api/v1/render-stream/")
    URL streamBase;

    @Test
    void generationsRunningWhenTheDatabaseRestartsCompleteOnce() throws Exception {
        var acct = Api.newAccount();
        String asset = Api.uploadProduct(acct.key(), "bottle.jpg");
        List<String> ids = new ArrayList<>();
        List<CompletableFuture<List<Sse.Event>>> streams = new ArrayList<>();
        startAndFollow(acct.key(), asset, 1, ids, streams);
        Connection hold = holdAtSecondVariant(ids.get(0));
        startAndFollow(acct.key(), asset, 3, ids, streams);

        // Stop the database once the first generation has shown a variant: it is held mid-run, the rest queued.
        awaitFirstVariant(acct.key(), ids.get(0));
        LogWatch dispatcher = LogWatch.of(JobDispatcher.class);
        LogWatch listener = LogWatch.of(PgListener.class);
        RestartablePostgres.stopServer();
        hold.close(); // its transaction ended with the server
        Instant stopped = Instant.now();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                RestAssured.get("/q/health/ready").then().statusCode(503).body("status", is("DOWN")));
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("name", "during the outage"))
                .post("/api/v1/projects").then().header("Retry-After", is("5")), 503, "api_error", "service_unavailable", null);
        assertError(Api.as(acct.key()).get("/api/v1/assets").then().header("Retry-After", is("5")),
                503, "api_error", "service_unavailable", null);

        // The outage lasts until the running generation and both LISTEN connections have met it.
        try (dispatcher; listener) {
            await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
                assertTrue(ids.stream().anyMatch(id -> dispatcher.logged(id, "a dependency is unreachable")),
                        "the running generation met it: " + dispatcher);
                assertTrue(listener.logged("LISTEN cardgen_jobs failed") && listener.logged("LISTEN cardgen_events failed"),
                        "both LISTEN connections met it: " + listener);
            });
        }
        RestartablePostgres.startServer();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                RestAssured.get("/q/health/ready").then().statusCode(200).body("status", is("UP")));

        for (String id : ids) {
            await().atMost(Duration.ofSeconds(120)).until(() ->
                    "completed".equals(Api.as(acct.key()).get("/api/v1/generations/" + id).then().extract().path("status")));
            Api.as(acct.key()).get("/api/v1/generations/" + id).then().statusCode(200)
                    .body("variants.size()", is(4)).body("error", is((Object) null));
        }
        Instant lastDone = Instant.parse(Api.as(acct.key()).get("/api/v1/generations/" + ids.get(3)).then().extract().path("completed_at"));
        assertTrue(lastDone.isAfter(stopped), "the outage found generations unfinished");
        for (int i = 0; i < streams.size(); i++) {
            List<Sse.Event> events = streams.get(i).get(150, TimeUnit.SECONDS);
            assertStreamOnce(ids.get(i), events);
        }
        try (Connection c = outside(); PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FILTER (WHERE attempts = 1 AND state = 'done'), max(deferrals) FROM jobs WHERE ref_id = ANY (?)")) {
            ps.setArray(1, c.createArrayOf("text", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(4, rs.getInt(1), "each generation's job done at one counted attempt");
                assertTrue(rs.getInt(2) >= 1, "the running job waited for the database uncounted");
            }
        }
        Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("name", "after the outage"))
                .post("/api/v1/projects").then().statusCode(201);

        theJobQueuesListenIsBack();
        theEventLogsListenIsBack();
    }

    /** A job inserted and announced as another instance would: only its NOTIFY can wake this one before the poll. */
    private void theJobQueuesListenIsBack() throws Exception {
        String job = "job_outage" + Ids.random(14);
        try (Connection c = outside(); PreparedStatement ps = c.prepareStatement("""
                INSERT INTO jobs (id, kind, ref_id, state, attempts, max_attempts, created_at, updated_at)
                SELECT ?, 'test-once', ?, 'queued', 0, 3, clock_timestamp(), clock_timestamp()
                  FROM (SELECT pg_notify('cardgen_jobs', 'test-once')) AS announce""")) {
            ps.setString(1, job);
            ps.setString(2, "ref_" + job);
            ps.executeUpdate();
        }
        // The listener retries every 0.2 s at the most here; the poll (60 s) would be far later.
        await().atMost(Duration.ofSeconds(15)).until(() -> "done".equals(jobState(job)));
    }

    /** An event appended and announced from outside reaches a follower here only through the event log's LISTEN. */
    private void theEventLogsListenIsBack() throws Exception {
        String stream = Ids.next(Ids.GENERATION);
        HttpResponse<InputStream> follower = Sse.open(streamBase + tokens.issue(stream, Duration.ofMinutes(15)).token(),
                Duration.ofSeconds(20), null);
        CompletableFuture<List<Sse.Event>> read = CompletableFuture.supplyAsync(() -> {
            try {
                return Sse.readUntilClosed(follower);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (Connection c = outside()) {
            appendFromOutside(c, stream, 1, "progress", "{\"generation_id\":\"" + stream + "\",\"stage\":\"subject\",\"progress\":0.1}");
            appendFromOutside(c, stream, 2, "done", "{\"generation_id\":\"" + stream + "\",\"status\":\"completed\",\"variants\":0}");
        }
        List<Sse.Event> events = read.get(15, TimeUnit.SECONDS);
        assertEquals(List.of("progress", "done"), events.stream().map(Sse.Event::name).toList());
    }

    private static void appendFromOutside(Connection c, String stream, int seq, String event, String data) throws Exception {
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO stream_events (stream_id, seq, event, data, created_at)
                SELECT ?, ?, ?, ?, now() FROM (SELECT pg_notify('cardgen_events', ?)) AS announce""")) {
            ps.setString(1, stream);
            ps.setInt(2, seq);
            ps.setString(3, event);
            ps.setString(4, data);
            ps.setString(5, stream + ":" + seq);
            ps.executeUpdate();
        }
    }

    private String jobState(String job) throws Exception {
        try (Connection c = outside(); PreparedStatement ps = c.prepareStatement("SELECT state FROM jobs WHERE id = ?")) {
            ps.setString(1, job);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }

    /** A connection of the test's own, not from the app's pool. */
    /**
     * Holds the generation at its second variant: a row of the test's own with that variant's key, in a
     * transaction left open, makes the worker's insert of it wait (the key is unique; the worker's lock on
     * the generation, FOR NO KEY UPDATE, does not conflict with the row's foreign key). So the generation
     * is surely mid-run, its first variant shown, when the database stops, and the stop ends the held
     * transaction with every other. Unheld, the three other variants were sometimes done in the moments
     * between the test seeing the first and the stop, and no running job met the outage. Taken right after
     * the generation is created, long before its first variant is rendered.
     */
    private Connection holdAtSecondVariant(String id) throws Exception {
        Connection c = outside();
        c.setAutoCommit(false);
        try (PreparedStatement ps = c.prepareStatement("""
                INSERT INTO generation_variants (generation_id, idx, design, preview_width, preview_height, created_at)
                VALUES (?, 1, '{}', 1, 1, now())""")) {
            ps.setString(1, id);
            assertEquals(1, ps.executeUpdate());
        }
        return c;
    }

    private Connection outside() throws Exception {
        return DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
    }

    /** Creates n 4-variant generations of the asset and follows each stream to its end, in the background. */
    static void startAndFollow(String key, String asset, int n, List<String> ids, List<CompletableFuture<List<Sse.Event>>> streams) {
        for (int i = 0; i < n; i++) {
            var created = Api.as(key).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 4))
                    .post("/api/v1/generations").then().statusCode(202).extract();
            ids.add(created.path("id"));
            String url = created.path("stream_url");
            streams.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return Sse.readUntilClosed(url, Duration.ofSeconds(150));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
    }

    /** Until the generation has shown a variant: it is mid-run, and with one worker the others are queued. */
    static void awaitFirstVariant(String key, String id) {
        await().atMost(Duration.ofSeconds(60)).until(() ->
                Api.as(key).get("/api/v1/generations/" + id).then().extract().<List<?>>path("variants").size() >= 1);
    }

    /** Each variant once, in index order, progress never lower, and one done at the end. */
    static void assertStreamOnce(String id, List<Sse.Event> events) {
        assertEquals("done", events.get(events.size() - 1).name(), id + ": " + events);
        assertEquals(Map.of("generation_id", id, "status", "completed", "variants", 4), events.get(events.size() - 1).data());
        List<Object> variants = events.stream().filter(e -> e.name().equals("variant")).map(e -> e.data().get("index")).toList();
        assertEquals(List.of(0, 1, 2, 3), variants, id + ": variants announced");
        double last = 0;
        for (Sse.Event e : events) {
            if (e.name().equals("progress")) {
                double p = ((Number) e.data().get("progress")).doubleValue();
                assertTrue(p >= last, id + ": progress went down: " + events);
                last = p;
            }
        }
        assertEquals(1, events.stream().filter(e -> e.name().equals("done")).count());
    }
}
