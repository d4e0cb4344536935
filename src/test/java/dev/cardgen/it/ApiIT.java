package dev.cardgen.it;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.PostgresTestResource;
import dev.cardgen.testing.Sse;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The packaged application (the jar here; the native binary with -Dnative where GraalVM exists)
 * against a real PostgreSQL: health, the upload → generation → stream path, and error bodies.
 */
@QuarkusIntegrationTest
@WithTestResource(PostgresTestResource.class)
class ApiIT {

    @Test
    void readyAndServingTheWholePath() throws Exception {
        RestAssured.given().get("/q/health/ready").then().statusCode(200).body("status", is("UP"));
        String asset = Api.as(Api.BOOTSTRAP_KEY).multiPart("file", "mug.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).body("subject_detected", is(true)).extract().path("id");
        Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/assets/" + asset).then().statusCode(200).body("id", is(asset));
        var created = Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 2))
                .post("/api/v1/generations").then().statusCode(202).extract();
        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(60));
        assertEquals("done", events.get(events.size() - 1).name());
        assertEquals(2, events.stream().filter(e -> e.name().equals("variant")).count());
        Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/generations/" + created.path("id")).then().statusCode(200)
                .body("status", is("completed"));
    }

    @Test
    void errorsKeepTheirShapeInTheProdBuild() {
        assertError(RestAssured.given().get("/api/v1/assets").then(), 401, "authentication_error", "api_key_missing", null);
        assertError(Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/assets/ast_000000000000000000000000").then(), 404,
                "invalid_request_error", "resource_missing", "id");
        assertError(RestAssured.given().get("/nowhere").then(), 404, "invalid_request_error", "resource_missing", null);
    }
}
