package dev.cardgen.export;

import dev.cardgen.testing.Api;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import java.time.Duration;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/** Completed generations and ready exports for the export tests, through the public API only. */
final class ExportFixtures {

    private ExportFixtures() {
    }

    static String uploadAsset(String key) {
        return Api.uploadProduct(key, "bottle.jpg");
    }

    /** A completed one-variant generation of a fresh asset; ratio 3:4 unless given. */
    static String completedGeneration(String key, String assetId, String ratio) {
        String id = Api.text(Api.json(Api.as(key).contentType(ContentType.JSON)
                .body(Map.of("asset_id", assetId, "variants", 1, "ratio", ratio, "text", Map.of("title", "Glass bottle", "badge", "NEW")))
                .post("/api/v1/generations").then().statusCode(202)), "id");
        awaitStatus(key, "/api/v1/generations/" + id, "completed", Duration.ofMillis(100));
        return id;
    }

    static String completedGeneration(String key) {
        return completedGeneration(key, uploadAsset(key), "3:4");
    }

    static ValidatableResponse create(String key, Map<String, ?> body) {
        return Api.as(key).contentType(ContentType.JSON).body(body).post("/api/v1/exports").then();
    }

    /** Waits for the export to be ready and returns its id. */
    static String awaitReady(String key, String exportId) {
        awaitStatus(key, "/api/v1/exports/" + exportId, "ready", Duration.ofMillis(50));
        return exportId;
    }

    /** Polls {@code path} until its status is {@code done}; a failed one ends the wait with an error. */
    private static void awaitStatus(String key, String path, String done, Duration poll) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(poll).until(() -> {
            String status = Api.json(Api.as(key).get(path).then().statusCode(200)).path("status").asText();
            if ("failed".equals(status)) {
                throw new AssertionError(path + " failed");
            }
            return done.equals(status);
        });
    }

    static String readyExport(String key, Map<String, ?> body) {
        return awaitReady(key, Api.text(Api.json(create(key, body).statusCode(202)), "id"));
    }
}
