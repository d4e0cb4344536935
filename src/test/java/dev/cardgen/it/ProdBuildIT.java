package dev.cardgen.it;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the prod build serves before any photo: readiness, the error shapes, the OpenAPI document. The
 * first {@code @QuarkusIntegrationTest} of a run (the @QuarkusIntegrationTests share one launched
 * application, ApiIT and ClientFlowIT after this), so it carries the launch; it draws nothing while the
 * jar starts (docs/decisions/0031).
 */
@QuarkusIntegrationTest
@WithTestResource(PostgresTestResource.class)
@Order(1) // first of the @QuarkusIntegrationTests (pom.xml)
class ProdBuildIT {

    @Test
    void readyAndLive() {
        RestAssured.given().get("/q/health/ready").then().statusCode(200).body("status", is("UP"));
        RestAssured.given().get("/q/health/live").then().statusCode(200).body("status", is("UP"));
    }

    /**
     * The prod build prepares the OpenAPI document on its first request, not at start-up
     * (docs/cold-start.md): both forms are still served, as the build wrote the document, with the
     * per-request filter's configured upload limit.
     */
    @Test
    void theOpenApiDocumentIsServedByTheProdBuild() throws Exception {
        var json = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .contentType(ContentType.JSON).extract().asString();
        var mapper = new ObjectMapper();
        var served = mapper.readTree(json);
        var built = mapper.readTree(Path.of("target/openapi/openapi.json").toFile());
        String upload = "/paths/~1api~1v1~1assets/post/description";
        assertTrue(served.at(upload).asText().contains("up to 20 MB"), served.at(upload).asText());
        ((ObjectNode) built.at("/paths/~1api~1v1~1assets/post")).set("description", served.at(upload));
        // The build's copy names the local servers Quarkus adds for generators; the served one has none.
        ((ObjectNode) built).remove("servers");
        assertEquals(built, served);
        // The YAML form is the same document (its long descriptions are folded over lines: compare trees, not text).
        String yaml = RestAssured.given().get("/q/openapi").then().statusCode(200).extract().asString();
        assertEquals(served, new ObjectMapper(new YAMLFactory()).readTree(yaml));
    }

    @Test
    void errorsKeepTheirShapeInTheProdBuild() {
        assertError(RestAssured.given().get("/api/v1/assets").then(), 401, "authentication_error", "api_key_missing", null);
        assertError(Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/assets/ast_000000000000000000000000").then(), 404,
                "invalid_request_error", "resource_missing", "id");
        assertError(RestAssured.given().get("/nowhere").then(), 404, "invalid_request_error", "resource_missing", null);
    }
}
