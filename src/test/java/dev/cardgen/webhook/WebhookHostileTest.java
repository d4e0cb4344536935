package dev.cardgen.webhook;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.expectError;
import static dev.cardgen.testing.RawHttp.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Hostile bytes against webhook endpoints, sent raw: control characters in cursors, URLs and descriptions, loose JSON types. */
@QuarkusTest
class WebhookHostileTest {

    private static final String JSON = "application/json";
    private static final String URL = "https://hooks.example.com/cardgen";
    private static final String EVENTS = "\"events\":[\"export.ready\"]";

    private static String key;
    private static String endpoint;

    @BeforeEach
    void account() {
        if (key == null) {
            key = Api.newAccount().key();
            RawHttp.Reply created = RawHttp.send(create("{\"url\":\"" + URL + "\"," + EVENTS + ",\"description\":\"shop\"}"));
            assertEquals(201, created.status(), created.text());
            endpoint = created.json().path("id").asText();
        }
    }

    private static byte[] create(String json) {
        return request("POST", "/api/v1/webhook_endpoints", key, JSON, bytes(json));
    }

    private static byte[] update(String json) {
        return request("POST", "/api/v1/webhook_endpoints/" + endpoint, key, JSON, bytes(json));
    }

    @Test
    void controlCharactersInCursorsAre400AndInPathIdsAre404() {
        expectError(request("GET", "/api/v1/webhook_endpoints?starting_after=we_%00", key, null, null), 400, "parameter_invalid", "starting_after");
        expectError(request("GET", "/api/v1/webhook_endpoints?limit=1%0A", key, null, null), 400, "parameter_invalid", "limit");
        expectError(request("GET", "/api/v1/webhook_endpoints/" + endpoint + "/deliveries?starting_after=whd_%00", key, null, null),
                400, "parameter_invalid", "starting_after");
        expectError(request("GET", "/api/v1/webhook_endpoints/we_%00", key, null, null), 404, "resource_missing", "id");
        expectError(request("GET", "/api/v1/webhook_endpoints/we_%00/deliveries", key, null, null), 404, "resource_missing", "id");
    }

    @Test
    void typesAreNotCoercedOnCreate() {
        expectError(create("{\"url\":1," + EVENTS + "}"), 400, "parameter_invalid", "url");
        expectError(create("{\"url\":[\"" + URL + "\"]," + EVENTS + "}"), 400, "parameter_invalid", "url");
        expectError(create("{\"url\":\"" + URL + "\",\"events\":[1]}"), 400, "parameter_invalid", "events[0]");
        expectError(create("{\"url\":\"" + URL + "\",\"events\":\"export.ready\"}"), 400, "parameter_invalid", "events");
        expectError(create("{\"url\":\"" + URL + "\"," + EVENTS + ",\"description\":1}"), 400, "parameter_invalid", "description");
        expectError(create("{\"url\":\"" + URL + "\"," + EVENTS + "}xyz"), 400, "invalid_json", null);
        assertOnlyTheFixtureExists();
    }

    @Test
    void typesAreNotCoercedOnUpdate() {
        expectError(update("{\"disabled\":\"true\"}"), 400, "parameter_invalid", "disabled");
        expectError(update("{\"disabled\":1}"), 400, "parameter_invalid", "disabled");
        expectError(update("{\"events\":[1]}"), 400, "parameter_invalid", "events[0]");
        expectError(update("{\"url\":1}"), 400, "parameter_invalid", "url");
        expectError(update("{\"description\":false}"), 400, "parameter_invalid", "description");
        assertFixtureUnchanged();
    }

    @Test
    void controlCharactersInUrlsAndDescriptionsAre400() {
        for (String url : new String[] {URL + "/a\\u0000b", URL + "\\n", "\\t" + URL, URL + "/\\u007f"}) {
            expectError(create("{\"url\":\"" + url + "\"," + EVENTS + "}"), 400, "parameter_invalid", "url");
            expectError(update("{\"url\":\"" + url + "\"}"), 400, "parameter_invalid", "url");
        }
        for (String description : new String[] {"a\\u0000b", "tab\\there", "line\\nbreak", "bell\\u0007"}) {
            expectError(create("{\"url\":\"" + URL + "\"," + EVENTS + ",\"description\":\"" + description + "\"}"),
                    400, "parameter_invalid", "description");
            expectError(update("{\"description\":\"" + description + "\"}"), 400, "parameter_invalid", "description");
        }
        // A raw (unescaped) control character is not JSON at all.
        expectError(create("{\"url\":\"" + URL + "\"," + EVENTS + ",\"description\":\"a\u0001b\"}"), 400, "invalid_json", null);
        assertOnlyTheFixtureExists();
        assertFixtureUnchanged();
    }

    private static void assertOnlyTheFixtureExists() {
        RawHttp.Reply list = RawHttp.send(request("GET", "/api/v1/webhook_endpoints?limit=100", key, null, null));
        assertEquals(200, list.status(), list.text());
        assertEquals(1, list.json().path("data").size(), list.text());
        assertEquals(endpoint, list.json().path("data").path(0).path("id").asText());
    }

    private static void assertFixtureUnchanged() {
        RawHttp.Reply read = RawHttp.send(request("GET", "/api/v1/webhook_endpoints/" + endpoint, key, null, null));
        assertEquals(200, read.status(), read.text());
        assertEquals(URL, read.json().path("url").asText());
        assertEquals("export.ready", read.json().path("events").path(0).asText());
        assertEquals(1, read.json().path("events").size());
        assertEquals("shop", read.json().path("description").asText());
        assertEquals(false, read.json().path("disabled").asBoolean(true));
    }
}
