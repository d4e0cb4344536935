package dev.cardgen.batch;

import dev.cardgen.account.QuotaService;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Sse;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batches through HTTP against the real PostgreSQL and blob store: items are ordinary generations. */
@QuarkusTest
class BatchApiTest {

    @Inject
    QuotaService quota;

    static String upload(String key) {
        return Api.uploadProduct(key, "red_bottle-IMG_2041.jpg");
    }

    static ExtractableResponse<Response> post(String key, Map<String, Object> body) {
        return Api.as(key).contentType(ContentType.JSON).body(body).post("/api/v1/batches").then().extract();
    }

    static Map<String, Object> item(String asset, String reference) {
        Map<String, Object> m = new HashMap<>();
        m.put("asset_id", asset);
        m.put("reference", reference);
        return m;
    }

    /** {@code count} items of one asset, referenced {@code prefix} followed by 0, 1, 2 … */
    static List<Map<String, Object>> rows(String asset, String prefix, int count) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            rows.add(item(asset, prefix + i));
        }
        return rows;
    }

    static void awaitStatus(String key, String id, String... statuses) {
        await().atMost(Duration.ofSeconds(120)).until(() ->
                List.of(statuses).contains(Api.as(key).get("/api/v1/batches/" + id).then().extract().<String>path("status")));
    }

    @Test
    void badRowsAreRefusedWithRowAndParamAndTheOthersRunAsGenerationsCarryingBatchAndReference() throws Exception {
        var acct = Api.newAccount();
        var other = Api.newAccount();
        String asset = upload(acct.key());
        String foreign = upload(other.key());
        List<Map<String, Object>> items = new ArrayList<>();
        items.add(item(asset, "SKU-1"));
        items.add(item(foreign, "SKU-2"));                                   // another account's asset: as if unknown
        items.add(item("ast_000000000000000000000000", "SKU-3"));           // unknown
        Map<String, Object> long_ = item(asset, "SKU-4");
        long_.put("text", Map.of("title", "x".repeat(121)));
        items.add(long_);
        Map<String, Object> cjk = item(asset, "SKU-5");
        cjk.put("text", Map.of("facts", List.of("fine", "\uD840\uDC00"))); // U+20000: Han beyond the bundled national sets
        items.add(cjk);
        Map<String, Object> own = item(asset, "SKU-6");
        own.put("variants", 2);
        items.add(own);
        var created = post(acct.key(), Map.of("defaults", Map.of("variants", 1, "marketplace", "market4"), "items", items));
        assertEquals(202, created.statusCode(), created.asString());
        String id = created.path("id");
        assertTrue(id.matches("bat_[0-9A-Za-z]{24}"), id);
        assertEquals("batch", created.path("object"));
        assertEquals("queued", created.path("status"));
        assertEquals(2, (int) created.path("items_total"));
        assertEquals(1, (int) created.path("round"));
        assertTrue(created.<String>path("stream_url").matches("http://localhost:\\d+/api/v1/render-stream/[A-Za-z0-9_-]{43}"));
        List<Map<String, Object>> rejected = created.path("rejected");
        assertEquals(4, rejected.size(), rejected.toString());
        assertRow(rejected.get(0), 2, "SKU-2", "resource_missing", "items[1].asset_id");
        assertRow(rejected.get(1), 3, "SKU-3", "resource_missing", "items[2].asset_id");
        assertRow(rejected.get(2), 4, "SKU-4", "parameter_invalid", "items[3].text.title");
        assertRow(rejected.get(3), 5, "SKU-5", "unsupported_characters", "items[4].text.facts[1]");
        // Quota: 1 + 2 variants, taken at once for the accepted rows only.
        assertEquals(3, quota.used(acct.id(), quota.currentPeriod()));

        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(120));
        awaitStatus(acct.key(), id, "completed_with_errors");
        var batch = Api.as(acct.key()).get("/api/v1/batches/" + id).then().statusCode(200)
                .body("counts.completed", is(2)).body("counts.failed", is(0)).body("counts.queued", is(0))
                .body("counts.running", is(0)).body("counts.canceled", is(0))
                .body("stream_url", nullValue()).body("finished_at", notNullValue()).body("checks", hasSize(0)).extract();
        assertEquals(4, batch.<List<?>>path("rejected").size());

        // The stream: an item and a progress event per item, then done; ids 1..5.
        assertEquals(List.of("item", "progress", "item", "progress", "done"), events.stream().map(Sse.Event::name).toList());
        assertEquals(List.of("1", "2", "3", "4", "5"), events.stream().map(Sse.Event::id).toList());
        assertEquals(0.5, ((Number) events.get(1).data().get("progress")).doubleValue());
        assertEquals(1.0, ((Number) events.get(3).data().get("progress")).doubleValue());
        assertEquals("completed_with_errors", events.get(4).data().get("status"));
        // Last-Event-ID at the end: 204, as for a generation's stream.
        var resumed = Sse.open(created.path("stream_url"), Duration.ofSeconds(10), "5");
        assertEquals(204, resumed.statusCode());

        // Items, in row order, each a normal generation with batch_id and reference.
        var list = Api.as(acct.key()).get("/api/v1/batches/" + id + "/items").then().statusCode(200)
                .body("object", is("list")).body("has_more", is(false)).body("data", hasSize(2))
                .body("data[0].row", is(1)).body("data[0].reference", is("SKU-1")).body("data[0].status", is("completed"))
                .body("data[0].object", is("batch_item")).body("data[0].batch_id", is(id)).body("data[0].error", nullValue())
                .body("data[1].row", is(6)).body("data[1].reference", is("SKU-6"))
                .body("data[1].generation.variants", hasSize(2)).body("data[1].exports", hasSize(0)).extract();
        String gen = list.path("data[0].generation.id");
        Api.as(acct.key()).get("/api/v1/generations/" + gen).then().statusCode(200)
                .body("batch_id", is(id)).body("reference", is("SKU-1")).body("status", is("completed"))
                .body("marketplace", is("market4")).body("ratio", is("1:1")).body("variants", hasSize(1));
        // A generation outside a batch says so with nulls.
        String single = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 1))
                .post("/api/v1/generations").then().statusCode(202).extract().path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + single).then().statusCode(200).body("batch_id", nullValue()).body("reference", nullValue());
        // The cursor: a page of one, then the next.
        String first = Api.as(acct.key()).get("/api/v1/batches/" + id + "/items?limit=1").then().statusCode(200)
                .body("has_more", is(true)).body("data", hasSize(1)).extract().path("data[0].id");
        Api.as(acct.key()).get("/api/v1/batches/" + id + "/items?limit=1&starting_after=" + first).then().statusCode(200)
                .body("has_more", is(false)).body("data[0].row", is(6));
        assertError(Api.as(acct.key()).get("/api/v1/batches/" + id + "/items?starting_after=bti_000000000000000000000000").then(),
                400, "invalid_request_error", "parameter_invalid", "starting_after");
    }

    private static void assertRow(Map<String, Object> row, int number, String reference, String code, String param) {
        assertEquals(number, row.get("row"), row.toString());
        assertEquals(reference, row.get("reference"), row.toString());
        assertEquals(code, row.get("code"), row.toString());
        assertEquals(param, row.get("param"), row.toString());
        assertTrue(row.get("message") instanceof String s && !s.isBlank(), row.toString());
    }

    @Test
    void allOrNothingRefusesTheWholeBatchListingEveryBadRowAndTakesNoQuota() {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        Map<String, Object> bad = item(asset, "B");
        bad.put("template", "nope");
        var r = post(acct.key(), Map.of("all_or_nothing", true, "items", List.of(item(asset, "A"), bad, item("ast_x", "C"))));
        assertEquals(400, r.statusCode(), r.asString());
        assertEquals("parameter_invalid", r.path("error.code"));
        assertEquals("invalid_request_error", r.path("error.type"));
        assertEquals("items[1].template", r.path("error.param"));
        List<Map<String, Object>> rows = r.path("error.rows");
        assertEquals(2, rows.size());
        assertRow(rows.get(0), 2, "B", "parameter_invalid", "items[1].template");
        assertRow(rows.get(1), 3, "C", "resource_missing", "items[2].asset_id");
        assertEquals(0, quota.used(acct.id(), quota.currentPeriod()));
        // Every row bad, without all_or_nothing: nothing is left to run, the same 400.
        var none = post(acct.key(), Map.of("items", List.of(item("ast_x", "C"))));
        assertEquals(400, none.statusCode());
        assertEquals(1, none.<List<?>>path("error.rows").size());
    }

    @Test
    void requestLevelErrorsAndQuotaForTheWholeBatch() {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of()).post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_missing", "items");
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("items", List.of())).post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_invalid", "items");
        List<Map<String, Object>> many = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            many.add(item(asset, null));
        }
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("items", many)).post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_invalid", "items");
        assertError(Api.as(acct.key()).contentType(ContentType.JSON)
                        .body(Map.of("defaults", Map.of("exports", List.of(Map.of("preset", "market1-3x4", "width", 7))), "items", List.of(item(asset, null))))
                        .post("/api/v1/batches").then(),
                400, "invalid_request_error", "parameter_invalid", "defaults.exports[0].width");
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("items", List.of(item(asset, null)), "colour", "red"))
                .post("/api/v1/batches").then(), 400, "invalid_request_error", "parameter_unknown", "colour");

        // 3 items × 2 variants = 6 units against an allowance of 5: 429 before anything starts.
        Api.admin().body(Map.of("monthly_allowance", 5)).post("/admin/v1/accounts/" + acct.id()).then().statusCode(200);
        assertError(Api.as(acct.key()).contentType(ContentType.JSON)
                        .body(Map.of("defaults", Map.of("variants", 2), "items", List.of(item(asset, "a"), item(asset, "b"), item(asset, "c"))))
                        .post("/api/v1/batches").then(), 429, "rate_limit_error", "quota_exceeded", null);
        assertEquals(0, quota.used(acct.id(), quota.currentPeriod()));
        Api.as(acct.key()).get("/api/v1/generations").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void anIdempotencyKeyReplaysTheBatch() {
        var acct = Api.newAccount();
        String asset = upload(acct.key());
        Map<String, Object> body = Map.of("defaults", Map.of("variants", 1), "items", List.of(item(asset, "K")));
        String first = Api.as(acct.key()).header("Idempotency-Key", "batch-1").contentType(ContentType.JSON).body(body)
                .post("/api/v1/batches").then().statusCode(202).extract().path("id");
        Api.as(acct.key()).header("Idempotency-Key", "batch-1").contentType(ContentType.JSON).body(body)
                .post("/api/v1/batches").then().statusCode(202).header("Idempotent-Replayed", "true").body("id", is(first));
        assertError(Api.as(acct.key()).header("Idempotency-Key", "batch-1").contentType(ContentType.JSON)
                        .body(Map.of("items", List.of(item(asset, "other")))).post("/api/v1/batches").then(),
                422, "invalid_request_error", "idempotency_key_reused", null);
        assertEquals(1, quota.used(acct.id(), quota.currentPeriod()));
    }

    @Test
    void anotherAccountsBatchIsMissingEverywhere() {
        var owner = Api.newAccount();
        var other = Api.newAccount();
        String asset = upload(owner.key());
        String id = post(owner.key(), Map.of("defaults", Map.of("variants", 1), "items", List.of(item(asset, "X")))).path("id");
        for (var call : List.<java.util.function.Function<io.restassured.specification.RequestSpecification, Response>>of(
                s -> s.get("/api/v1/batches/" + id), s -> s.get("/api/v1/batches/" + id + "/items"),
                s -> s.post("/api/v1/batches/" + id + "/cancel"), s -> s.post("/api/v1/batches/" + id + "/retry"))) {
            assertError(call.apply(Api.as(other.key())).then(), 404, "invalid_request_error", "resource_missing", "id");
        }
        assertError(Api.as(owner.key()).get("/api/v1/batches/bat_nope").then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(owner.key()).get("/api/v1/batches/gen_000000000000000000000000").then(), 404, "invalid_request_error", "resource_missing", "id");
        awaitStatus(owner.key(), id, "completed");
    }
}
