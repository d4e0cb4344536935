package dev.cardgen.generation;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Leftovers;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.concat;
import static dev.cardgen.testing.RawHttp.expectError;
import static dev.cardgen.testing.RawHttp.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hostile bytes against generations: loose JSON types, control characters in list filters, a spoofed host. */
@QuarkusTest
class GenerationHostileTest {

    private static Api.TestAccount account;
    private static String key;
    private static String asset;

    @BeforeEach
    void account() {
        if (key == null) {
            account = Api.newAccount();
            key = account.key();
            asset = GenerationApiTest.uploadAsset(key);
        }
    }

    private static byte[] create(String json, String... headers) {
        return create(bytes(json), headers);
    }

    private static byte[] create(byte[] json, String... headers) {
        return request("POST", "/api/v1/generations", key, "application/json", json, headers);
    }

    private String body(String fields) {
        return "{\"asset_id\":\"" + asset + "\"" + fields + "}";
    }

    @Test
    void typesAreExact() {
        Leftovers before = Leftovers.of(account.id());
        expectError(create(body(",\"variants\":3.5")), 400, "parameter_invalid", "variants");
        expectError(create(body(",\"variants\":\"3\"")), 400, "parameter_invalid", "variants");
        expectError(create(body(",\"text\":{\"title\":1}")), 400, "parameter_invalid", "text.title");
        expectError(create(body(",\"text\":{\"facts\":[1]}")), 400, "parameter_invalid", "text.facts[0]");
        expectError(create(body(",\"text\":{\"badge\":false}")), 400, "parameter_invalid", "text.badge");
        expectError(create("{\"asset_id\":123}"), 400, "parameter_invalid", "asset_id");
        expectError(create(body(",\"text\":{\"title\":\"a\\u0000b\"}")), 400, "parameter_invalid", "text.title");
        expectError(create(body("") + "xyz"), 400, "invalid_json", null);
        expectError(create(body("") + body("")), 400, "invalid_json", null);
        before.assertNothingLeftBehind(account.id());
    }

    /** The JSON routes that take a JsonNode read bytes the same strict way as the typed ones (ProjectHostileTest). */
    @Test
    void onlyUtf8Bodies() {
        Leftovers before = Leftovers.of(account.id());
        String json = body(",\"variants\":1");
        expectError(create(json.getBytes(StandardCharsets.UTF_16LE)), 400, "invalid_json", null);
        expectError(create(json.getBytes(StandardCharsets.UTF_16)), 400, "invalid_json", null); // with a byte order mark
        expectError(create(json.getBytes(Charset.forName("UTF-32BE"))), 400, "invalid_json", null);
        // Overlong "/" (C0 AF), an encoded lone surrogate (ED A0 80), a stray continuation byte, inside text.title.
        String title = "{\"asset_id\":\"" + asset + "\",\"variants\":1,\"text\":{\"title\":\"a";
        for (byte[] bad : new byte[][] {{(byte) 0xC0, (byte) 0xAF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0x80}}) {
            expectError(create(concat(bytes(title), bad, bytes("\"}}"))), 400, "invalid_json", null);
        }
        before.assertNothingLeftBehind(account.id());
        // Real UTF-8 still works, and is stored as sent.
        RawHttp.Reply ok = RawHttp.send(create(body(",\"variants\":1,\"text\":{\"title\":\"Бутылка Aqua\"}").getBytes(StandardCharsets.UTF_8)));
        assertEquals(202, ok.status(), ok.text());
        RawHttp.Reply read = RawHttp.send(request("GET", "/api/v1/generations/" + ok.json().path("id").asText(), key, null, null));
        assertEquals("Бутылка Aqua", read.json().path("text").path("title").asText(), read.text());
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
