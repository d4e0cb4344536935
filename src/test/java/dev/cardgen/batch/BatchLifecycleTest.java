package dev.cardgen.batch;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.account.QuotaService;
import dev.cardgen.generation.Generation;
import dev.cardgen.generation.GenerationFinished;
import dev.cardgen.generation.GenerationStatus;
import dev.cardgen.stream.EventLog;
import dev.cardgen.stream.StreamEvent;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.HeldWorkers;
import dev.cardgen.testing.OpenApiContract;
import dev.cardgen.testing.Sse;
import dev.cardgen.testing.WebhookReceiver;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.cardgen.batch.BatchApiTest.awaitStatus;
import static dev.cardgen.batch.BatchApiTest.item;
import static dev.cardgen.batch.BatchApiTest.rows;
import static dev.cardgen.batch.BatchApiTest.post;
import static dev.cardgen.batch.BatchApiTest.upload;
import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A batch's life: CSV in, cancel mid-way, retry of failed items, exports with their checks, the webhook, fairness. */
@QuarkusTest
class BatchLifecycleTest {

    @Inject
    QuotaService quota;
    @Inject
    HeldWorkers heldWorkers;
    @Inject
    BatchProgress progress;
    @Inject
    EventLog eventLog;

    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<Map<String, Object>> items(String key, String batchId) {
        return Api.as(key).get("/api/v1/batches/" + batchId + "/items?limit=100").then().statusCode(200).extract().path("data");
    }

    @Test
    void csvWithBomCrlfQuotesAndEmptyFactsRunsItsGoodRowsAndNamesTheColumnOfEachBadOne() {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        String csv = "\uFEFFasset_id,reference,title,subtitle,facts,variants,locale\r\n"
                + asset + ",SKU-1,\"Sneaker, red\",\"two\nlines\",Breathable mesh|Sizes 36–46|,1,de\r\n"
                + asset + ",SKU-2,,,,,\r\n"
                + "ast_000000000000000000000000,SKU-3,,,,,\r\n"
                + asset + ",SKU-4," + "x".repeat(121) + ",,,,\r\n"
                + asset + ",SKU-5,,,ok|\uD840\uDC00,,\r\n" // U+20000: Han beyond the bundled national sets
                + asset + ",SKU-6,,,,abc,\r\n";
        var r = Api.as(acct.key()).contentType("text/csv").body(csv.getBytes(StandardCharsets.UTF_8))
                .post("/api/v1/batches?variants=1&marketplace=market4&locale=fr").then().statusCode(202)
                .body("items_total", is(2)).body("rejected", hasSize(4))
                .body("rejected[0].row", is(3)).body("rejected[0].param", is("asset_id")).body("rejected[0].code", is("resource_missing"))
                .body("rejected[1].row", is(4)).body("rejected[1].param", is("title")).body("rejected[1].code", is("parameter_invalid"))
                .body("rejected[2].row", is(5)).body("rejected[2].param", is("facts")).body("rejected[2].code", is("unsupported_characters"))
                .body("rejected[3].row", is(6)).body("rejected[3].param", is("variants")).body("rejected[3].reference", is("SKU-6"))
                .extract();
        String id = r.path("id");
        var list = items(acct.key(), id);
        assertEquals(List.of(1, 2), list.stream().map(i -> i.get("row")).toList());
        @SuppressWarnings("unchecked")
        Map<String, Object> text = (Map<String, Object>) ((Map<String, Object>) list.get(0).get("generation")).get("text");
        assertEquals("Sneaker, red", text.get("title"));
        assertEquals("two\nlines", text.get("subtitle"));
        assertEquals(List.of("Breathable mesh", "Sizes 36–46"), text.get("facts"));
        assertEquals("SKU-2", list.get(1).get("reference"));
        // a row's locale, else the query's
        assertEquals("de", ((Map<?, ?>) list.get(0).get("generation")).get("locale"));
        assertEquals("fr", ((Map<?, ?>) list.get(1).get("generation")).get("locale"));
        awaitStatus(acct.key(), id, "completed_with_errors");

        // 1,001 rows, a malformed file, an unknown column: refused whole.
        StringBuilder big = new StringBuilder("asset_id\r\n");
        for (int i = 0; i < 1001; i++) {
            big.append(asset).append("\r\n");
        }
        assertError(Api.as(acct.key()).contentType("text/csv").body(big.toString()).post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_invalid", "items");
        assertError(Api.as(acct.key()).contentType("text/csv").body("asset_id,title\r\n" + asset + ",\"open\r\n").post("/api/v1/batches").then(),
                400, "invalid_request_error", "invalid_csv", null);
        assertError(Api.as(acct.key()).contentType("text/csv").body("asset_id,title\r\n" + asset + "\r\n").post("/api/v1/batches").then(),
                400, "invalid_request_error", "invalid_csv", null);
        assertError(Api.as(acct.key()).contentType("text/csv").body("asset_id,colour\r\n" + asset + ",red\r\n").post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_unknown", "colour");
        assertError(Api.as(acct.key()).contentType("text/csv").body("title\r\nx\r\n").post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_missing", "asset_id");
        assertEquals(2, quota.used(acct.id(), quota.currentPeriod()));
    }

    @Test
    void cancelMidWayEndsThePendingItemsCanceledAndGivesTheirQuotaBack() throws Exception {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        var created = post(acct.key(), Map.of("defaults", Map.of("variants", 2), "items", rows(asset, "C-", 16)));
        assertEquals(202, created.statusCode(), created.asString());
        String id = created.path("id");
        assertEquals(32, quota.used(acct.id(), quota.currentPeriod()));
        await().atMost(Duration.ofSeconds(120)).until(() ->
                Api.as(acct.key()).get("/api/v1/batches/" + id).then().extract().<Integer>path("counts.completed") >= 1);

        var canceled = Api.as(acct.key()).post("/api/v1/batches/" + id + "/cancel").then().statusCode(200)
                .body("status", is("canceled")).body("counts.queued", is(0)).body("counts.running", is(0))
                .body("counts.failed", is(0)).body("finished_at", notNullValue()).extract();
        int completed = canceled.path("counts.completed");
        int canceledItems = canceled.path("counts.canceled");
        assertEquals(16, completed + canceledItems);
        assertTrue(canceledItems >= 1, "the cancel came mid-way: " + canceled.asString());

        // Every canceled item's generation failed with canceled; the units of variants never made came back.
        int variantsMade = 0;
        for (Map<String, Object> it : items(acct.key(), id)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> g = (Map<String, Object>) it.get("generation");
            variantsMade += ((List<?>) g.get("variants")).size();
            if ("canceled".equals(it.get("status"))) {
                assertEquals("failed", g.get("status"));
                assertEquals("canceled", ((Map<?, ?>) g.get("error")).get("code"));
                assertEquals("canceled", ((Map<?, ?>) it.get("error")).get("code"));
            } else {
                assertEquals("completed", it.get("status"));
            }
        }
        assertEquals(variantsMade, quota.used(acct.id(), quota.currentPeriod()));

        // The stream ends with done, canceled; a canceled batch is neither canceled again nor retried.
        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(30));
        assertEquals("done", events.get(events.size() - 1).name());
        assertEquals("canceled", events.get(events.size() - 1).data().get("status"));
        assertEquals(16, events.stream().filter(e -> e.name().equals("item")).count());
        assertError(Api.as(acct.key()).post("/api/v1/batches/" + id + "/cancel").then(), 409, "invalid_request_error", "batch_already_finished", null);
        assertError(Api.as(acct.key()).post("/api/v1/batches/" + id + "/retry").then(), 409, "invalid_request_error", "batch_canceled", null);
    }

    /**
     * An item's end and its stream events commit together. An end that never commits (its instance killed
     * before the commit, the database lost, here a rollback) leaves neither the item ended nor an event, so
     * the generation's rerun ends the item and announces it exactly once.
     */
    @Test
    void anItemsEndThatDoesNotCommitLeavesNoEventAndTheItemIsAnnouncedOnce() throws Exception {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        ExtractableResponse<Response> created;
        String id;
        try (HeldWorkers.Hold hold = heldWorkers.holdAll()) { // the item's generation waits meanwhile
            created = post(acct.key(), Map.of("defaults", Map.of("variants", 1), "items", rows(asset, "E-", 1)));
            assertEquals(202, created.statusCode(), created.asString());
            id = created.path("id");
            String generationId = (String) ((Map<?, ?>) items(acct.key(), id).get(0).get("generation")).get("id");
            String batchId = id;
            IllegalStateException lost = new IllegalStateException("the instance is gone before the commit");
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
                progress.generationFinished(new GenerationFinished(generationId, batchId, GenerationStatus.COMPLETED, null, null));
                throw lost;
            }));
            assertTrue(thrown == lost || thrown.getCause() == lost, thrown.toString());
            assertEquals(List.of(), eventLog.read(Batch.streamId(batchId, 1), 0));
            assertEquals("queued", items(acct.key(), id).get(0).get("status")); // not ended: its generation has not run
        }
        awaitStatus(acct.key(), id, "completed");
        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(30));
        assertEquals(List.of(BatchProgress.ITEM, StreamEvent.PROGRESS, StreamEvent.DONE), events.stream().map(Sse.Event::name).toList());
        assertEquals("E-0", events.get(0).data().get("reference"));
        assertEquals("completed", events.get(0).data().get("status"));
        assertEquals("completed", events.get(2).data().get("status"));
    }

    @Test
    void retryRunsOnlyTheFailedItemsAgainInANewRoundWithItsOwnStream() throws Exception {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        ExtractableResponse<Response> created;
        String id;
        String lastGen;
        // The last item's generation is canceled on its own (not the batch): the item fails. Every worker is held
        // meanwhile, so the item is still queued at its cancel, however fast a generation runs.
        try (HeldWorkers.Hold hold = heldWorkers.holdAll()) {
            created = post(acct.key(), Map.of("defaults", Map.of("variants", 1), "items", rows(asset, "R-", 5)));
            id = created.path("id");
            lastGen = items(acct.key(), id).get(4).get("generation") instanceof Map<?, ?> g ? (String) g.get("id") : null;
            Api.as(acct.key()).post("/api/v1/generations/" + lastGen + "/cancel").then().statusCode(200)
                    .body("status", is("failed")).body("error.code", is("canceled"));
        }
        awaitStatus(acct.key(), id, "completed_with_errors");
        Api.as(acct.key()).get("/api/v1/batches/" + id).then().body("counts.completed", is(4)).body("counts.failed", is(1));
        List<Map<String, Object>> before = items(acct.key(), id);
        assertEquals("failed", before.get(4).get("status"));
        assertEquals("canceled", ((Map<?, ?>) before.get(4).get("error")).get("code"));
        assertEquals(4, quota.used(acct.id(), quota.currentPeriod()));

        var retried = Api.as(acct.key()).post("/api/v1/batches/" + id + "/retry").then().statusCode(202)
                .body("round", is(2)).body("status", not(is("completed_with_errors"))).body("counts.completed", is(4))
                .body("finished_at", org.hamcrest.Matchers.nullValue()).extract();
        String stream2 = retried.path("stream_url");
        assertNotEquals(created.<String>path("stream_url"), stream2);
        assertEquals(5, quota.used(acct.id(), quota.currentPeriod()));
        awaitStatus(acct.key(), id, "completed");
        List<Map<String, Object>> after = items(acct.key(), id);
        for (int i = 0; i < 4; i++) {
            assertEquals(((Map<?, ?>) before.get(i).get("generation")).get("id"), ((Map<?, ?>) after.get(i).get("generation")).get("id"),
                    "a completed item is not run again");
        }
        String newGen = (String) ((Map<?, ?>) after.get(4).get("generation")).get("id");
        assertNotEquals(lastGen, newGen);
        assertEquals("completed", after.get(4).get("status"));
        Api.as(acct.key()).get("/api/v1/generations/" + lastGen).then().body("status", is("failed")).body("batch_id", is(id));
        Api.as(acct.key()).get("/api/v1/generations/" + newGen).then().body("status", is("completed")).body("batch_id", is(id))
                .body("reference", is("R-4"));

        List<Sse.Event> events = Sse.readUntilClosed(stream2, Duration.ofSeconds(30));
        assertEquals(List.of("item", "progress", "done"), events.stream().map(Sse.Event::name).toList());
        assertEquals("R-4", events.get(0).data().get("reference"));
        assertEquals("completed", events.get(2).data().get("status"));
        assertError(Api.as(acct.key()).post("/api/v1/batches/" + id + "/retry").then(), 409, "invalid_request_error", "batch_nothing_to_retry", null);
    }

    @Test
    void exportsOfEveryItemAreCheckedAndSummedUpAndBatchCompletedIsDelivered() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("url", receiver.url("/hooks"), "events", List.of("batch.completed")))
                    .post("/api/v1/webhook_endpoints").then().statusCode(201);
            String asset = upload(acct.key());
            var created = post(acct.key(), Map.of("defaults", Map.of("variants", 1, "template", "white", "marketplace", "market4",
                            "exports", List.of(Map.of("preset", "market4-1x1", "format", "jpeg"))),
                    "items", List.of(item(asset, "E-1"), item(asset, "E-2"))));
            assertEquals(202, created.statusCode(), created.asString());
            String id = created.path("id");
            assertEquals(List.of(Map.of("preset", "market4-1x1", "format", "jpeg", "width", 1200)), created.path("exports"));
            awaitStatus(acct.key(), id, "completed", "completed_with_errors");

            int passing = 0;
            for (Map<String, Object> it : items(acct.key(), id)) {
                List<Map<String, Object>> exports = (List<Map<String, Object>>) it.get("exports");
                assertEquals(1, exports.size());
                assertEquals("ready", exports.get(0).get("status"));
                assertEquals(0, exports.get(0).get("variant"));
                List<Map<String, Object>> checks = (List<Map<String, Object>>) exports.get(0).get("checks");
                assertTrue(!checks.isEmpty());
                if (checks.stream().allMatch(c -> Boolean.TRUE.equals(c.get("passed")))) {
                    passing++;
                }
            }
            var batch = Api.as(acct.key()).get("/api/v1/batches/" + id).then().statusCode(200)
                    .body("status", is("completed")).body("checks", hasSize(1))
                    .body("checks[0].preset", is("market4-1x1")).body("checks[0].main_image", is(true))
                    .body("checks[0].checked", is(2)).body("checks[0].passed", is(passing))
                    .body("checks[0].summary", is(passing + " of 2 main images pass")).extract();

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.received().size() == 1);
            String body = receiver.received().get(0).body();
            OpenApiContract.INSTANCE.assertWebhookEventMatches("http://localhost:" + RestAssured.port, body);
            Map<?, ?> event = JSON.readValue(body, Map.class);
            assertEquals("batch.completed", event.get("type"));
            Map<?, ?> data = (Map<?, ?>) event.get("data");
            assertEquals(id, data.get("id"));
            assertEquals("batch", data.get("object"));
            assertEquals("completed", data.get("status"));
            assertEquals(batch.<Object>path("checks"), data.get("checks"));
        }
    }

    @Test
    void aBigBatchOfOneAccountDoesNotStarveAnotherAccountsSingleGeneration() {
        var big = Api.newAccount();
        var small = Api.newAccount();
        String bigAsset = upload(big.key());
        String smallAsset = upload(small.key());
        String batch = post(big.key(), Map.of("defaults", Map.of("variants", 1), "items", rows(bigAsset, "F-", 16))).path("id");
        String single = Api.as(small.key()).contentType(ContentType.JSON).body(Map.of("asset_id", smallAsset, "variants", 1))
                .post("/api/v1/generations").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(120)).until(() ->
                "completed".equals(Api.as(small.key()).get("/api/v1/generations/" + single).then().extract().path("status")));
        // Oldest-first would have started all 16 items before it; a fair claim takes it at the first free worker.
        // Counted by starts, not by items completed meanwhile: those depend on how long each takes, and the
        // batch's items, of one photo, reuse its kept product while the single generation cuts its own.
        awaitStatus(big.key(), batch, "completed");
        long startedBefore = QuarkusTransaction.requiringNew().call(() -> Generation.count("batchId = ?1 and startedAt < ?2",
                batch, Generation.<Generation>findById(single).startedAt));
        assertTrue(startedBefore <= 6, "the single generation started after " + startedBefore + " of the batch's 16 items");
    }
}
