package dev.cardgen.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.DeploymentProfile;
import dev.cardgen.testing.RawHttp;
import dev.cardgen.testing.Sse;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.requestTo;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With {@code cardgen.public-base-url} set (as production must), a client's {@code Host} and forwarded
 * headers change no absolute URL: stream_url, preview_url and download_url all start with the base.
 */
@QuarkusTest
@TestProfile(DeploymentProfile.class)
class PublicBaseUrlTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE = DeploymentProfile.PUBLIC_BASE_URL;
    private static final String[] SPOOF = {"X-Forwarded-Host: evil.example", "X-Forwarded-Proto: http", "Forwarded: host=evil.example;proto=http"};

    @Test
    void aClientsHostHeaderChoosesNoUrl() throws Exception {
        String key = Api.newAccount().key();
        String asset = Api.uploadProduct(key, "bottle.jpg");

        RawHttp.Reply created = RawHttp.send(requestTo("evil.example", "POST", "/api/v1/generations", key, "application/json",
                bytes("{\"asset_id\":\"" + asset + "\",\"variants\":1}"), SPOOF));
        assertEquals(202, created.status(), created.text());
        String generation = created.json().path("id").asText();
        assertStartsWith(BASE + "/api/v1/render-stream/", created.json().path("stream_url").asText());

        // The stream is read here (the base's host does not exist); its variant event carries the base as well.
        String streamHere = created.json().path("stream_url").asText().replace(BASE, "http://localhost:" + RestAssured.port);
        List<Sse.Event> events = Sse.readUntilClosed(streamHere, Duration.ofSeconds(60));
        assertEquals("done", events.get(events.size() - 1).name(), events::toString);
        Sse.Event variant = events.stream().filter(e -> e.name().equals("variant")).findFirst().orElseThrow();
        assertStartsWith(BASE + "/api/v1/generations/" + generation + "/variants/0/preview?",
                JSON.readTree(variant.dataJson()).path("preview_url").asText());
        await().atMost(Duration.ofSeconds(10)).until(() ->
                "completed".equals(Api.as(key).get("/api/v1/generations/" + generation).then().statusCode(200).extract().path("status")));
        JsonNode read = get(key, "/api/v1/generations/" + generation);
        assertEquals(1, read.path("variants").size(), read.toString());
        assertStartsWith(BASE + "/api/v1/generations/" + generation + "/variants/0/preview?", read.path("variants").path(0).path("preview_url").asText());

        RawHttp.Reply export = RawHttp.send(requestTo("evil.example", "POST", "/api/v1/exports", key, "application/json",
                bytes("{\"generation_id\":\"" + generation + "\",\"variant\":0,\"preset\":\"market1-3x4\"}"), SPOOF));
        assertEquals(202, export.status(), export.text());
        String exportId = export.json().path("id").asText();
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                "ready".equals(Api.as(key).get("/api/v1/exports/" + exportId).then().statusCode(200).extract().path("status")));
        assertStartsWith(BASE + "/api/v1/exports/" + exportId + "/file?", get(key, "/api/v1/exports/" + exportId).path("download_url").asText());
    }

    private static JsonNode get(String key, String path) {
        RawHttp.Reply r = RawHttp.send(requestTo("evil.example", "GET", path, key, null, null, SPOOF));
        assertEquals(200, r.status(), r.text());
        return r.json();
    }

    private static void assertStartsWith(String prefix, String url) {
        assertTrue(url.startsWith(prefix), () -> url + " does not start with " + prefix);
    }
}
