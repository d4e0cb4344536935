package dev.cardgen.webhook;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.OpenApiContract;
import dev.cardgen.testing.TestClock;
import dev.cardgen.testing.WebhookReceiver;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Webhook endpoints over HTTP, and deliveries to a real receiver on loopback. */
@QuarkusTest
class WebhookApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    TestClock clock;
    @Inject
    WebhookEvents events;

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    @Test
    void endpointsAreCreatedReadUpdatedDeletedAndPrivateToTheirAccount() {
        var acct = Api.newAccount();
        var created = createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com/cardgen",
                "events", List.of("export.ready", "generation.failed"), "description", "shop"))
                .statusCode(201)
                .body("size()", is(8))
                .body("id", matchesPattern("we_[0-9A-Za-z]{24}"))
                .body("object", is("webhook_endpoint"))
                .body("url", is("https://hooks.example.com/cardgen"))
                .body("events", is(List.of("export.ready", "generation.failed")))
                .body("description", is("shop"))
                .body("disabled", is(false))
                .body("secret", matchesPattern("whsec_[0-9A-Za-z]{32}"))
                .body("created_at", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"))
                .extract();
        String id = created.path("id");

        Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + id).then().statusCode(200)
                .body("size()", is(7)).body("", not(hasKey("secret"))).body("id", is(id)).body("url", is("https://hooks.example.com/cardgen"))
                .body("created_at", is((String) created.path("created_at")));
        Api.as(acct.key()).get("/api/v1/webhook_endpoints").then().statusCode(200)
                .body("object", is("list")).body("has_more", is(false)).body("data.id", is(List.of(id)))
                .body("data[0]", not(hasKey("secret")));

        Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("disabled", true, "events", List.of("generation.completed")))
                .post("/api/v1/webhook_endpoints/" + id).then().statusCode(200)
                .body("disabled", is(true)).body("events", is(List.of("generation.completed")))
                .body("url", is("https://hooks.example.com/cardgen")).body("description", is("shop"));

        Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("url", "https://hooks.example.com/v2?shop=1"))
                .post("/api/v1/webhook_endpoints/" + id).then().statusCode(200)
                .body("size()", is(7)).body("", not(hasKey("secret"))).body("id", is(id))
                .body("url", is("https://hooks.example.com/v2?shop=1")).body("events", is(List.of("generation.completed")))
                .body("description", is("shop")).body("disabled", is(true));
        Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + id).then().statusCode(200).body("url", is("https://hooks.example.com/v2?shop=1"));
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("url", "ftp://hooks.example.com/x"))
                .post("/api/v1/webhook_endpoints/" + id).then(), 400, "invalid_request_error", "parameter_invalid", "url");
        Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + id).then().statusCode(200).body("url", is("https://hooks.example.com/v2?shop=1"));

        var other = Api.newAccount();
        assertError(Api.as(other.key()).contentType(ContentType.JSON).body(Map.of("url", "https://evil.example.com"))
                .post("/api/v1/webhook_endpoints/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(other.key()).get("/api/v1/webhook_endpoints/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(other.key()).get("/api/v1/webhook_endpoints/" + id + "/deliveries").then(), 404,
                "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(other.key()).delete("/api/v1/webhook_endpoints/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        Api.as(other.key()).get("/api/v1/webhook_endpoints").then().statusCode(200).body("data.size()", is(0));
        // The other account's update and delete changed nothing.
        Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + id).then().statusCode(200)
                .body("url", is("https://hooks.example.com/v2?shop=1")).body("events", is(List.of("generation.completed")))
                .body("description", is("shop")).body("disabled", is(true));

        Api.as(acct.key()).delete("/api/v1/webhook_endpoints/" + id).then().statusCode(200)
                .body("", is(Map.of("id", id, "object", "webhook_endpoint", "deleted", true)));
        assertError(Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
    }

    @Test
    void badEndpointsAre400sNamingTheField() {
        var acct = Api.newAccount();
        assertError(createEndpoint(acct.key(), Map.of("url", "ftp://hooks.example.com/x", "events", List.of("export.ready"))),
                400, "invalid_request_error", "parameter_invalid", "url");
        assertError(createEndpoint(acct.key(), Map.of("url", "not a url", "events", List.of("export.ready"))),
                400, "invalid_request_error", "parameter_invalid", "url");
        assertError(createEndpoint(acct.key(), Map.of("events", List.of("export.ready"))),
                400, "invalid_request_error", "parameter_missing", "url");
        assertError(createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com", "events", List.of("export.ready", "export.started"))),
                400, "invalid_request_error", "parameter_invalid", "events[1]");
        assertError(createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com", "events", List.of())),
                400, "invalid_request_error", "parameter_invalid", "events");
        assertError(createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com")),
                400, "invalid_request_error", "parameter_missing", "events");
        assertError(createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com", "events", List.of("export.ready"), "secret", "x")),
                400, "invalid_request_error", "parameter_unknown", "secret");
        for (int i = 0; i < 16; i++) {
            createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com/" + i, "events", List.of("export.ready"))).statusCode(201);
        }
        assertError(createEndpoint(acct.key(), Map.of("url", "https://hooks.example.com/17", "events", List.of("export.ready"))),
                400, "invalid_request_error", "webhook_endpoint_limit_reached", "url");
        Api.as(acct.key()).get("/api/v1/webhook_endpoints?limit=100").then().body("data.size()", is(16));
    }

    @Test
    void aCompletedGenerationIsDeliveredSignedWithTheResourceAsItsGetShowsIt() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var endpoint = createEndpoint(acct.key(), Map.of("url", receiver.url("/hooks?src=cardgen"),
                    "events", List.of("generation.completed"))).statusCode(201).extract();
            String secret = endpoint.path("secret");
            String asset = Api.uploadProduct(acct.key(), "mug.jpg");
            String gen = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 1))
                    .post("/api/v1/generations").then().statusCode(202).extract().path("id");

            await().atMost(Duration.ofSeconds(60)).until(() -> receiver.received().size() == 1);
            WebhookReceiver.Received got = receiver.received().get(0);
            assertEquals("/hooks?src=cardgen", got.path());
            assertEquals("application/json", got.contentType());
            long t = verify(secret, got);
            assertTrue(Math.abs(Instant.now().getEpochSecond() - t) < 120, "timestamp is the send time");

            @SuppressWarnings("unchecked")
            Map<String, Object> event = JSON.readValue(got.body(), Map.class);
            assertEquals(List.of("id", "object", "type", "created_at", "data"), List.copyOf(event.keySet()));
            OpenApiContract.INSTANCE.assertWebhookEventMatches("http://localhost:" + RestAssured.port, got.body());
            assertTrue(((String) event.get("id")).matches("evt_[0-9A-Za-z]{24}"));
            assertEquals("event", event.get("object"));
            assertEquals("generation.completed", event.get("type"));
            @SuppressWarnings("unchecked")
            Map<String, Object> get = JSON.readValue(Api.as(acct.key()).get("/api/v1/generations/" + gen).then().statusCode(200)
                    .extract().asString(), Map.class);
            assertEquals(withoutLinkQueries(get), withoutLinkQueries(asMap(event.get("data"))));
            assertEquals("completed", asMap(event.get("data")).get("status"));

            String endpointId = endpoint.path("id");
            await().atMost(Duration.ofSeconds(30)).until(() -> "succeeded".equals(delivery(acct.key(), endpointId).get("status")));
            Map<String, Object> d = delivery(acct.key(), endpointId);
            assertEquals(List.of("id", "object", "endpoint_id", "event_id", "event_type", "status", "attempts", "next_attempt_at",
                    "created_at", "completed_at"), List.copyOf(d.keySet()));
            assertTrue(((String) d.get("id")).matches("whd_[0-9A-Za-z]{24}"));
            assertEquals("webhook_delivery", d.get("object"));
            assertEquals(endpointId, d.get("endpoint_id"));
            assertEquals(event.get("id"), d.get("event_id"));
            assertEquals("generation.completed", d.get("event_type"));
            assertNull(d.get("next_attempt_at"));
            assertNotNull(d.get("completed_at"));
            List<Map<String, Object>> attempts = attempts(d);
            assertEquals(1, attempts.size());
            assertEquals(200, attempts.get(0).get("status_code"));
            assertNull(attempts.get(0).get("error"));
            assertEquals(List.of("started_at", "duration_ms", "status_code", "error"), List.copyOf(attempts.get(0).keySet()));
        }
    }

    @Test
    void a500IsRetriedWithBackoffWhenTheClockSaysSoWithTheSameEventAndAFreshSignature() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver().script(500)) {
            var endpoint = endpointFor(acct.key(), receiver);
            Map<String, Object> d = publishAndAwaitFirstAttempt(acct, endpoint.id());
            assertEquals("pending", d.get("status"));
            assertEquals(500, attempts(d).get(0).get("status_code"));
            assertEquals("the receiver answered 500", attempts(d).get(0).get("error"));
            Instant next = Instant.parse((String) d.get("next_attempt_at"));
            Instant now = clock.instant();
            assertTrue(!next.isBefore(now.plusSeconds(13)) && !next.isAfter(now.plusSeconds(31)), "first retry 15–30 s later: " + next);

            events.enqueueDue(); // not due yet: nothing is sent
            clock.advanceWhenIdle(Duration.ofSeconds(31));
            events.enqueueDue();
            await().atMost(Duration.ofSeconds(10)).until(() -> "succeeded".equals(delivery(acct.key(), endpoint.id()).get("status")));
            List<Map<String, Object>> attempts = attempts(delivery(acct.key(), endpoint.id()));
            assertEquals(List.of(500, 200), attempts.stream().map(a -> a.get("status_code")).toList());
            assertEquals(2, receiver.received().size());
            assertEquals(receiver.received().get(0).body(), receiver.received().get(1).body(), "the same event, byte for byte");
            for (WebhookReceiver.Received r : receiver.received()) {
                verify(endpoint.secret(), r);
            }
        }
    }

    @Test
    void aTimeoutIsAFailedAttemptAndRetried() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver().script(WebhookReceiver.HANG)) {
            var endpoint = endpointFor(acct.key(), receiver);
            publishAndAwaitFirstAttempt(acct, endpoint.id());
            receiver.release();
            Map<String, Object> first = attempts(delivery(acct.key(), endpoint.id())).get(0);
            assertNull(first.get("status_code"));
            assertEquals("timeout", first.get("error"));
            assertTrue(((Number) first.get("duration_ms")).longValue() >= 900, "held for the 1 s test timeout: " + first);

            clock.advanceWhenIdle(Duration.ofSeconds(31));
            events.enqueueDue();
            await().atMost(Duration.ofSeconds(10)).until(() -> "succeeded".equals(delivery(acct.key(), endpoint.id()).get("status")));
            assertEquals(2, attempts(delivery(acct.key(), endpoint.id())).size());
        }
    }

    @Test
    void afterADayOfFailuresTheDeliveryIsFailedAndNoLongerTried() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver().script(500, 503, 500, 500)) {
            var endpoint = endpointFor(acct.key(), receiver);
            publishAndAwaitFirstAttempt(acct, endpoint.id());
            clock.advanceWhenIdle(Duration.ofHours(24));
            events.enqueueDue();
            await().atMost(Duration.ofSeconds(10)).until(() -> "failed".equals(delivery(acct.key(), endpoint.id()).get("status")));
            Map<String, Object> d = delivery(acct.key(), endpoint.id());
            assertEquals(List.of(500, 503), attempts(d).stream().map(a -> a.get("status_code")).toList(), "attempts: " + attempts(d));
            assertNull(d.get("next_attempt_at"));
            assertNotNull(d.get("completed_at"));
            clock.advanceWhenIdle(Duration.ofHours(2));
            events.enqueueDue();
            assertEquals(2, receiver.received().size());
        }
    }

    @Test
    void anUpdatedUrlGetsTheNextDeliveries() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver old = new WebhookReceiver(); WebhookReceiver moved = new WebhookReceiver()) {
            var endpoint = endpointFor(acct.key(), old);
            Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("url", moved.url("/moved")))
                    .post("/api/v1/webhook_endpoints/" + endpoint.id()).then().statusCode(200).body("url", is(moved.url("/moved")));
            publish(acct.id(), Instant.now());
            await().atMost(Duration.ofSeconds(10)).until(() -> "succeeded".equals(delivery(acct.key(), endpoint.id()).get("status")));
            assertEquals(1, moved.received().size());
            assertEquals("/moved", moved.received().get(0).path());
            verify(endpoint.secret(), moved.received().get(0)); // the secret stays with the endpoint
            assertEquals(0, old.received().size());
        }
    }

    @Test
    void deletingAnEndpointDropsItsPendingDeliveries() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver().script(500)) {
            var endpoint = endpointFor(acct.key(), receiver);
            assertEquals("pending", publishAndAwaitFirstAttempt(acct, endpoint.id()).get("status"));

            Api.as(acct.key()).delete("/api/v1/webhook_endpoints/" + endpoint.id()).then().statusCode(200);
            assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> WebhookDelivery.count("endpointId", endpoint.id())));
            clock.advanceWhenIdle(Duration.ofSeconds(31)); // the retry would be due now
            events.enqueueDue();
            assertEquals(0L, QuarkusTransaction.requiringNew().call(() -> WebhookDelivery.count("endpointId", endpoint.id())));
            assertEquals(1, receiver.received().size(), "no attempt after the delete");
        }
    }

    @Test
    void disabledEndpointsAndOtherEventTypesGetNothing() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            var endpoint = endpointFor(acct.key(), receiver);
            QuarkusTransaction.requiringNew().run(() -> events.publish(acct.id(), WebhookEvents.GENERATION_COMPLETED, Map.of("id", "x")));
            Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("disabled", true))
                    .post("/api/v1/webhook_endpoints/" + endpoint.id()).then().statusCode(200);
            publish(acct.id(), Instant.now());
            Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + endpoint.id() + "/deliveries").then().statusCode(200)
                    .body("data.size()", is(0)).body("has_more", is(false));
            assertEquals(0, receiver.received().size());
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------

    record Endpoint(String id, String secret) {
    }

    private static io.restassured.response.ValidatableResponse createEndpoint(String key, Map<String, ?> body) {
        return Api.as(key).contentType(ContentType.JSON).body(body).post("/api/v1/webhook_endpoints").then();
    }

    private static Endpoint endpointFor(String key, WebhookReceiver receiver) {
        var e = createEndpoint(key, Map.of("url", receiver.url("/hook"), "events", List.of("export.failed"))).statusCode(201).extract();
        return new Endpoint(e.path("id"), e.path("secret"));
    }

    /** An export.failed event for the account, as the export service publishes it. */
    /** Publishes an event for the account, waits for the first attempt of the endpoint's delivery of it, and reads the delivery. */
    private Map<String, Object> publishAndAwaitFirstAttempt(Api.TestAccount acct, String endpointId) throws Exception {
        publish(acct.id(), Instant.now());
        await().atMost(Duration.ofSeconds(10)).until(() -> attempts(delivery(acct.key(), endpointId)).size() == 1);
        return delivery(acct.key(), endpointId);
    }

    private void publish(String accountId, Instant at) {
        Map<String, Object> resource = new LinkedHashMap<>();
        resource.put("id", "exp_000000000000000000000000");
        resource.put("object", "export");
        resource.put("status", "failed");
        resource.put("at", at.toString());
        QuarkusTransaction.requiringNew().run(() -> events.publish(accountId, WebhookEvents.EXPORT_FAILED, resource));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> delivery(String key, String endpointId) throws Exception {
        Map<String, Object> list = JSON.readValue(Api.as(key).get("/api/v1/webhook_endpoints/" + endpointId + "/deliveries")
                .then().statusCode(200).extract().asString(), Map.class);
        List<Map<String, Object>> data = (List<Map<String, Object>>) list.get("data");
        assertEquals(1, data.size(), list.toString());
        return data.get(0);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> attempts(Map<String, Object> delivery) {
        return (List<Map<String, Object>>) delivery.get("attempts");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return (Map<String, Object>) o;
    }

    /** Checks Cardgen-Signature as a receiver would, independently of the service's code; returns t. */
    static long verify(String secret, WebhookReceiver.Received r) throws Exception {
        assertNotNull(r.signature(), "Cardgen-Signature header");
        String[] parts = r.signature().split(",");
        assertEquals(2, parts.length, r.signature());
        assertTrue(parts[0].startsWith("t=") && parts[1].startsWith("v1="), r.signature());
        long t = Long.parseLong(parts[0].substring(2));
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = HexFormat.of().formatHex(mac.doFinal((t + "." + r.body()).getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, parts[1].substring(3));
        return t;
    }

    /** Preview links are signed afresh on every read; everything else must match exactly. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> withoutLinkQueries(Map<String, Object> generation) {
        Map<String, Object> copy = new LinkedHashMap<>(generation);
        List<Map<String, Object>> variants = (List<Map<String, Object>>) copy.get("variants");
        copy.put("variants", variants.stream().map(v -> {
            Map<String, Object> c = new LinkedHashMap<>(v);
            c.put("preview_url", ((String) c.get("preview_url")).replaceAll("\\?.*", ""));
            return c;
        }).toList());
        return copy;
    }
}
