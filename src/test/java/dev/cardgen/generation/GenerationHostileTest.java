package dev.cardgen.generation;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.expectError;
import static dev.cardgen.testing.RawHttp.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hostile bytes against generations: loose JSON types, control characters in list filters, a spoofed host. */
@QuarkusTest
class GenerationHostileTest {

    private static String key;
    private static String asset;

    @BeforeEach
    void account() {
        if (key == null) {
            key = Api.newAccount().key();
            asset = GenerationApiTest.uploadAsset(key);
        }
    }

    private static byte[] create(String json, String... headers) {
        return request("POST", "/api/v1/generations", key, "application/json", bytes(json), headers);
    }

    private String body(String fields) {
        return "{\"asset_id\":\"" + asset + "\"" + fields + "}";
    }

    @Test
    void typesAreExact() {
        expectError(create(body(",\"variants\":3.5")), 400, "parameter_invalid", "variants");
        expectError(create(body(",\"variants\":\"3\"")), 400, "parameter_invalid", "variants");
        expectError(create(body(",\"text\":{\"title\":1}")), 400, "parameter_invalid", "text.title");
        expectError(create(body(",\"text\":{\"facts\":[1]}")), 400, "parameter_invalid", "text.facts[0]");
        expectError(create(body(",\"text\":{\"badge\":false}")), 400, "parameter_invalid", "text.badge");
        expectError(create("{\"asset_id\":123}"), 400, "parameter_invalid", "asset_id");
        expectError(create(body(",\"text\":{\"title\":\"a\\u0000b\"}")), 400, "parameter_invalid", "text.title");
        expectError(create(body("") + "xyz"), 400, "invalid_json", null);
        expectError(create(body("") + body("")), 400, "invalid_json", null);
    }

    @Test
    void controlCharactersInFiltersAndKeysAre400() {
        for (String param : new String[] {"project_id", "asset_id", "status"}) {
            expectError(request("GET", "/api/v1/generations?" + param + "=%00", key, null, null), 400, "parameter_invalid", param);
        }
        expectError(request("GET", "/api/v1/generations?starting_after=gen_%00", key, null, null), 400, "parameter_invalid", "starting_after");
        expectError(request("GET", "/api/v1/generations/gen_%00", key, null, null), 404, "resource_missing", "id");
        expectError(create(body(""), "Idempotency-Key: order\tkey"), 400, "parameter_invalid", "Idempotency-Key");
    }

    @Test
    void aSpoofedForwardedHostDoesNotChooseTheStreamUrlHost() {
        RawHttp.Reply r = RawHttp.send(create(body(",\"variants\":1"), "X-Forwarded-Host: evil.example", "X-Forwarded-Proto: https",
                "Forwarded: host=evil.example;proto=https"));
        assertEquals(202, r.status(), r.text());
        String url = r.json().path("stream_url").asText();
        assertTrue(url.startsWith("http://localhost/api/v1/render-stream/"), url);
    }

    /**
     * Without {@code cardgen.public-base-url} (dev and test modes only: production refuses to start so,
     * see PublicBaseUrlCheck) the host of absolute URLs is the request's own {@code Host}.
     */
    @Test
    void inTheTestProfileTheRequestsHostHeaderIsTheUrlsHost() {
        RawHttp.Reply r = RawHttp.send(RawHttp.requestTo("evil.example", "POST", "/api/v1/generations", key, "application/json",
                bytes(body(",\"variants\":1"))));
        assertEquals(202, r.status(), r.text());
        String url = r.json().path("stream_url").asText();
        assertTrue(url.startsWith("http://evil.example/api/v1/render-stream/"), url);
    }
}
