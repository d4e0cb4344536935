package dev.cardgen.account;

import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.matchesPattern;

/** A deployment with no admin token, a tight rate limit and the playground off (the default outside dev mode). */
@QuarkusTest
@TestProfile(StrictProfileTest.Strict.class)
class StrictProfileTest {

    public static class Strict implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("cardgen.admin-token", "", "cardgen.rate-limit.per-second", "0.5", "cardgen.rate-limit.burst", "3",
                    "cardgen.playground.enabled", "false");
        }
    }

    @Test
    void adminApiDoesNotExistWithoutAToken() {
        assertError(Api.as("anything").contentType(ContentType.JSON).body(Map.of("name", "x")).post("/admin/v1/accounts").then(),
                404, "invalid_request_error", "resource_missing", null);
    }

    @Test
    void withThePlaygroundOffItsPagesAreTheJson404() {
        for (String path : new String[]{"/", "/index.html", "/playground/app.js", "/playground/config.json"}) {
            assertError(io.restassured.RestAssured.given().get(path).then(), 404, "invalid_request_error", "resource_missing", null);
        }
    }

    @Test
    void rateLimitAnswers429WithRetryAfter() {
        for (int i = 0; i < 3; i++) {
            Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/projects").then().statusCode(200);
        }
        var limited = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/projects").then();
        assertError(limited, 429, "rate_limit_error", "rate_limited", null);
        limited.header("Retry-After", matchesPattern("[1-9][0-9]*"));
    }
}
