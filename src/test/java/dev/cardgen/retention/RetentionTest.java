package dev.cardgen.retention;

import dev.cardgen.core.Ids;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.TestClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

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

    @Inject
    RetentionConfig config;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void aFinishedGenerationsBookkeepingGoesOnceItsStreamHasExpired() {
        var acct = Api.newAccount();
        String asset = Api.uploadProduct(acct.key(), "bottle.jpg");
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
        clock.advanceWhenIdle(Duration.ofMinutes(45));
        sweeper.sweep();
        assertEquals(before, rowsOf(id, acct.id()), "events and the finished job are kept for an hour");

        long tablesBefore = totalRows();
        clock.advanceWhenIdle(Duration.ofDays(2));
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
            clock.advanceWhenIdle(Duration.ofDays(2));
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

    @Test
    void anEndedWebhookDeliveryGoesAfterItsRetentionInBatches() {
        var acct = Api.newAccount();
        String endpoint = endpoint(acct.key());
        Instant now = clock.instant();
        Duration keep = config.webhookDeliveries();
        List<String> old = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            old.add(delivery(endpoint, acct.id(), i % 2 == 0 ? "succeeded" : "failed", now.minus(keep).minus(Duration.ofDays(2)),
                    now.minus(keep).minus(Duration.ofDays(1))));
        }
        String recent = delivery(endpoint, acct.id(), "succeeded", now.minus(keep), now.minus(keep).plus(Duration.ofDays(1)));
        String pending = delivery(endpoint, acct.id(), "pending", now.minus(keep).minus(Duration.ofDays(9)), null);

        Map<String, Integer> deleted = sweeper.sweep(2); // 5 old rows: three batches, the last one short
        assertTrue(deleted.get("webhook_deliveries") >= 5, deleted.toString());
        assertEquals(List.of(pending, recent).stream().sorted().toList(), deliveriesOf(endpoint),
                "ended deliveries past the retention are gone; a recent one and a pending one stay");
    }

    @Test
    void twoSweepsAtOnceDeleteEveryRowOnceWithoutError() throws Exception {
        var acct = Api.newAccount();
        String endpoint = endpoint(acct.key());
        Instant now = clock.instant();
        Instant ended = now.minus(config.webhookDeliveries()).minus(Duration.ofDays(1));
        sweeper.sweep(); // whatever other tests left behind, so only this test's rows are due below
        int n = 40;
        for (int i = 0; i < n; i++) {
            delivery(endpoint, acct.id(), "succeeded", ended.minus(Duration.ofHours(1)), ended);
        }

        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<Map<String, Integer>>> sweeps = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                sweeps.add(threads.submit(() -> {
                    go.await();
                    return sweeper.sweep(2);
                }));
            }
            go.countDown();
            int total = 0;
            for (Future<Map<String, Integer>> sweep : sweeps) {
                total += sweep.get(60, TimeUnit.SECONDS).get("webhook_deliveries"); // throws if a sweep failed
            }
            assertEquals(n, total, "every row deleted by exactly one of the two sweeps");
            assertEquals(List.of(), deliveriesOf(endpoint));
        } finally {
            threads.shutdownNow();
        }
    }

    private static String endpoint(String key) {
        return Api.as(key).contentType(ContentType.JSON)
                .body(Map.of("url", "https://hooks.example.com/retention", "events", List.of("export.ready")))
                .post("/api/v1/webhook_endpoints").then().statusCode(201).extract().path("id");
    }

    private String delivery(String endpointId, String accountId, String status, Instant created, Instant completed) {
        String id = "whd_retention" + Ids.random(11);
        QuarkusTransaction.requiringNew().run(() -> {
            var insert = em.createNativeQuery("INSERT INTO webhook_deliveries "
                            + "(id, endpoint_id, account_id, event_id, event_type, payload, status, created_at, completed_at) "
                            + "VALUES (?1, ?2, ?3, ?4, 'export.ready', '{}', ?5, ?6, " + (completed == null ? "NULL" : "?7") + ")")
                    .setParameter(1, id).setParameter(2, endpointId).setParameter(3, accountId)
                    .setParameter(4, "evt_retention" + Ids.random(11)).setParameter(5, status)
                    .setParameter(6, Timestamp.from(created));
            if (completed != null) {
                insert.setParameter(7, Timestamp.from(completed));
            }
            insert.executeUpdate();
        });
        return id;
    }

    @SuppressWarnings("unchecked")
    private List<String> deliveriesOf(String endpointId) {
        return QuarkusTransaction.requiringNew().call(() -> (List<String>) em.createNativeQuery(
                "SELECT id FROM webhook_deliveries WHERE endpoint_id = ?1").setParameter(1, endpointId).getResultList())
                .stream().sorted().toList();
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
