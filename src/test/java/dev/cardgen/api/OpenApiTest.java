package dev.cardgen.api;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The published API description covers every endpoint, its error responses, and the key scheme. */
@QuarkusTest
class OpenApiTest {

    @Test
    void describesEveryEndpointAndTheBearerScheme() {
        var doc = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("components.securitySchemes.apiKey.type", is("http"))
                .body("components.securitySchemes.apiKey.scheme", is("bearer"))
                .body("security[0]", hasKey("apiKey"))
                .extract();
        Map<String, Object> paths = doc.path("paths");
        for (String p : List.of("/api/v1/assets", "/api/v1/assets/{asset_id}", "/api/v1/projects", "/api/v1/projects/{project_id}",
                "/api/v1/generations", "/api/v1/generations/{generation_id}", "/api/v1/generations/{generation_id}/cancel",
                "/api/v1/generations/{generation_id}/variants/{index}/preview", "/api/v1/render-stream/{stream_token}",
                "/api/v1/templates", "/admin/v1/accounts", "/admin/v1/accounts/{account_id}/keys")) {
            assertTrue(paths.containsKey(p), "missing " + p + " in " + paths.keySet());
        }
        Map<String, Object> upload = doc.path("paths.'/api/v1/assets'.post.responses");
        assertTrue(upload.keySet().containsAll(List.of("201", "400", "413", "415", "422")), upload.keySet().toString());
        Map<String, Object> create = doc.path("paths.'/api/v1/generations'.post.responses");
        assertTrue(create.keySet().containsAll(List.of("202", "400", "404", "409", "422", "429")), create.keySet().toString());
    }
}
