package dev.cardgen.retention;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.TestClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sweeper deletes bookkeeping rows once they are no longer needed, and only then. */
@QuarkusTest
class RetentionTest {

    @Inject
    RetentionSweeper sweeper;

    @Inject
    TestClock clock;

    @Inject
    EntityManager em;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void aFinishedGenerationsBookkeepingGoesOnceItsStreamHasExpired() {
        var acct = Api.newAccount();
        String asset = Api.as(acct.key()).multiPart("file", "bottle.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).extract().path("id");
        var created = Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "retention-1")
                .body(Map.of("asset_id", asset, "variants", 1)).post("/api/v1/generations").then().statusCode(202).extract();
        String id = created.path("id");
        String streamUrl = created.path("stream_url");
        await().atMost(Duration.ofSeconds(60)).until(() ->
                "completed".equals(Api.as(acct.key()).get("/api/v1/generations/" + id).then().extract().path("status")));

        Map<String, Long> before = rowsOf(id, acct.id());
        assertEquals(1L, before.get("jobs"));
        assertTrue(before.get("stream_events") >= 3, before.toString());
        assertEquals(1L, before.get("stream_tokens"));
        assertEquals(1L, before.get("idempotency_keys"));

        sweeper.sweep();
        assertEquals(before, rowsOf(id, acct.id()), "nothing is deleted while the stream is still valid");

        // 45 minutes on: the stream URL expired 30 minutes ago, within the hour its events are kept.
        clock.advance(Duration.ofMinutes(45));
        sweeper.sweep();
        assertEquals(before, rowsOf(id, acct.id()), "events and the finished job are kept for an hour");

        long tablesBefore = totalRows();
        clock.advance(Duration.ofDays(2));
        Map<String, Integer> deleted = sweeper.sweep();
        assertEquals(Map.of("jobs", 0L, "stream_events", 0L, "stream_tokens", 0L, "idempotency_keys", 0L), rowsOf(id, acct.id()));
        assertTrue(deleted.values().stream().mapToInt(Integer::intValue).sum() >= 6, deleted.toString());
        assertTrue(totalRows() <= tablesBefore - 6, "the tables shrink back");

        // What people see stays: the generation with its variant and preview; the old stream URL is unknown now.
        Api.as(acct.key()).get("/api/v1/generations/" + id).then().statusCode(200)
                .body("status", is("completed")).body("variants", hasSize(1));
        Api.as(acct.key()).get("/api/v1/generations/" + id + "/variants/0/preview").then().statusCode(200);
        Api.assertError(RestAssured.given().get(streamUrl).then(), 404, "invalid_request_error", "resource_missing", null);

        // The key is forgotten with its record: the same key may now start a new generation.
        clock.reset();
        String again = Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "retention-1")
                .body(Map.of("asset_id", asset, "variants", 1)).post("/api/v1/generations").then().statusCode(202)
                .header("Idempotent-Replayed", (String) null).extract().path("id");
        assertTrue(!id.equals(again));
        await().atMost(Duration.ofSeconds(60)).until(() ->
                "completed".equals(Api.as(acct.key()).get("/api/v1/generations/" + again).then().extract().path("status")));
    }

    @Test
    void aStreamWhoseJobIsStillQueuedKeepsItsEvents() {
        String stream = "gen_retentionQueuedJob000001";
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("INSERT INTO jobs (id, kind, ref_id, state, created_at, updated_at) "
                    + "VALUES ('job_retention_queued', 'retention-test', ?1, 'queued', now(), now())").setParameter(1, stream).executeUpdate();
            em.createNativeQuery("INSERT INTO stream_events (stream_id, seq, event, data, created_at) "
                    + "VALUES (?1, 1, 'progress', '{}', now())").setParameter(1, stream).executeUpdate();
        });
        try {
            clock.advance(Duration.ofDays(2));
            sweeper.sweep();
            assertEquals(1L, count("SELECT count(*) FROM stream_events WHERE stream_id = ?1", stream));
            assertEquals(1L, count("SELECT count(*) FROM jobs WHERE ref_id = ?1", stream), "a queued job is never swept");
        } finally {
            QuarkusTransaction.requiringNew().run(() -> {
                em.createNativeQuery("DELETE FROM stream_events WHERE stream_id = ?1").setParameter(1, stream).executeUpdate();
                em.createNativeQuery("DELETE FROM jobs WHERE ref_id = ?1").setParameter(1, stream).executeUpdate();
            });
        }
    }

    private Map<String, Long> rowsOf(String generationId, String accountId) {
        return Map.of(
                "jobs", count("SELECT count(*) FROM jobs WHERE ref_id = ?1", generationId),
                "stream_events", count("SELECT count(*) FROM stream_events WHERE stream_id = ?1", generationId),
                "stream_tokens", count("SELECT count(*) FROM stream_tokens WHERE stream_id = ?1", generationId),
                "idempotency_keys", count("SELECT count(*) FROM idempotency_keys WHERE account_id = ?1", accountId));
    }

    private long totalRows() {
        return count("SELECT (SELECT count(*) FROM jobs) + (SELECT count(*) FROM stream_events) "
                + "+ (SELECT count(*) FROM stream_tokens) + (SELECT count(*) FROM idempotency_keys) + 0 * length(?1)", "");
    }

    private long count(String sql, String param) {
        return QuarkusTransaction.requiringNew().call(() ->
                ((Number) em.createNativeQuery(sql).setParameter(1, param).getSingleResult()).longValue());
    }
}
