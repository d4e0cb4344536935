package dev.cardgen.cors;

import dev.cardgen.core.Ids;
import dev.cardgen.stream.EventLog;
import dev.cardgen.stream.StreamTokens;
import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

/** CORS as a page on another origin sees it (the test profile allows localhost and https://shop.example.com). */
@QuarkusTest
class CorsTest {

    private static final String SHOP = "https://shop.example.com";

    @Inject
    EventLog log;
    @Inject
    StreamTokens tokens;

    @Test
    void aPreflightFromAnAllowedOriginIsAnsweredForTheApiAndTheStream() {
        for (String path : new String[]{"/api/v1/generations", "/api/v1/assets", "/api/v1/render-stream/whatever",
                "/api/v1/exports/exp_x/file", "/api/v1/generations/gen_x/variants/0/preview"}) {
            RestAssured.given().header("Origin", SHOP).header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "authorization, idempotency-key, content-type")
                    .options(path).then()
                    .statusCode(204)
                    .header("Access-Control-Allow-Origin", SHOP)
                    .header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS")
                    .header("Access-Control-Allow-Headers", "Authorization, Idempotency-Key, Content-Type, Last-Event-ID, X-Request-Id")
                    .header("Access-Control-Max-Age", "600")
                    .header("Vary", "Origin")
                    .body(emptyString());
        }
    }

    /** A page on another origin can send a seller's own mask: PUT with a PNG body needs a preflight. */
    @Test
    void aPreflightForPuttingAMaskIsAllowed() {
        RestAssured.given().header("Origin", SHOP).header("Access-Control-Request-Method", "PUT")
                .header("Access-Control-Request-Headers", "authorization, content-type")
                .options("/api/v1/assets/ast_x/cutout").then()
                .statusCode(204)
                .header("Access-Control-Allow-Origin", SHOP)
                .header("Access-Control-Allow-Methods", containsString("PUT"))
                .header("Vary", "Origin");
    }

    @Test
    void aResponseToAnAllowedOriginNamesItAndExposesTheHeadersClientsRead() {
        RestAssured.given().header("Origin", "http://localhost:5173").header("Authorization", "Bearer " + Api.BOOTSTRAP_KEY)
                .get("/api/v1/templates").then()
                .statusCode(200)
                .header("Access-Control-Allow-Origin", "http://localhost:5173")
                .header("Access-Control-Expose-Headers", startsWith("Idempotent-Replayed, X-Request-Id, Retry-After, ETag, Content-Disposition"))
                .header("Vary", "Origin");
    }

    @Test
    void errorsCarryTheHeadersTooSoThePageCanReadTheMessage() {
        var res = RestAssured.given().header("Origin", SHOP).get("/api/v1/assets").then();
        Api.assertError(res, 401, "authentication_error", "api_key_missing", null);
        res.header("Access-Control-Allow-Origin", SHOP);
        var unknown = RestAssured.given().header("Origin", SHOP).get("/api/v1/render-stream/" + "A".repeat(43)).then();
        Api.assertError(unknown, 404, "invalid_request_error", "resource_missing", null);
        unknown.header("Access-Control-Allow-Origin", SHOP);
    }

    @Test
    void theStreamAnswersAnAllowedOrigin() {
        String gen = Ids.next(Ids.GENERATION);
        log.append(gen, "done", Map.of("status", "completed"));
        RestAssured.given().header("Origin", SHOP).get("/api/v1/render-stream/" + tokens.issue(gen).token()).then()
                .statusCode(200)
                .contentType("text/event-stream")
                .header("Access-Control-Allow-Origin", SHOP)
                .body(is("retry: 3000\n\nid: 1\nevent: done\ndata: {\"status\":\"completed\"}\n\n"));
    }

    @Test
    void anOriginNotListedGetsNoCorsHeaders() {
        for (String origin : new String[]{"https://evil.example", "https://shop.example.com.evil.example", "http://localhost.evil:80",
                "http://localhost:80x", "null"}) {
            RestAssured.given().header("Origin", origin).header("Access-Control-Request-Method", "POST")
                    .options("/api/v1/generations").then()
                    .header("Access-Control-Allow-Origin", nullValue())
                    .header("Access-Control-Allow-Methods", nullValue());
            RestAssured.given().header("Origin", origin).header("Authorization", "Bearer " + Api.BOOTSTRAP_KEY)
                    .get("/api/v1/templates").then().statusCode(200)
                    .header("Access-Control-Allow-Origin", nullValue())
                    .header("Access-Control-Expose-Headers", nullValue())
                    .header("X-Request-Id", notNullValue());
        }
    }
}
