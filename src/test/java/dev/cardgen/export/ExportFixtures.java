package dev.cardgen.export;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
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
        return Api.as(key).multiPart("file", "bottle.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).extract().path("id");
    }

    /** A completed one-variant generation of a fresh asset; ratio 3:4 unless given. */
    static String completedGeneration(String key, String assetId, String ratio) {
        String id = Api.as(key).contentType(ContentType.JSON)
                .body(Map.of("asset_id", assetId, "variants", 1, "ratio", ratio, "text", Map.of("title", "Glass bottle", "badge", "NEW")))
                .post("/api/v1/generations").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> {
            String status = Api.as(key).get("/api/v1/generations/" + id).then().statusCode(200).extract().path("status");
            if ("failed".equals(status)) {
                throw new AssertionError("generation " + id + " failed");
            }
            return "completed".equals(status);
        });
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
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            String status = Api.as(key).get("/api/v1/exports/" + exportId).then().statusCode(200).extract().path("status");
            if ("failed".equals(status)) {
                throw new AssertionError("export " + exportId + " failed");
            }
            return "ready".equals(status);
        });
        return exportId;
    }

    static String readyExport(String key, Map<String, ?> body) {
        return awaitReady(key, create(key, body).statusCode(202).extract().path("id"));
    }
}
