package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.instances.LiveInstances;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.StrictProfile;
import dev.cardgen.testing.TestClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A deployment with no admin token, a tight rate limit, the playground off and no CORS origins (the
 * defaults outside dev mode).
 */
@QuarkusTest
@TestProfile(StrictProfile.class)
class StrictProfileTest {

    @Inject
    RateLimiter rateLimiter;

    @Inject
    LiveInstances live;

    @Inject
    EntityManager em;

    @Inject
    TestClock clock;

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

    /** Without cardgen.cors.origins no page on another origin may read an answer, not even from localhost. */
    @Test
    void withNoCorsOriginsNoOriginIsAllowed() {
        for (String origin : new String[]{"http://localhost:5173", "https://shop.example.com"}) {
            io.restassured.RestAssured.given().header("Origin", origin).header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "authorization, content-type")
                    .options("/api/v1/generations").then()
                    .header("Access-Control-Allow-Origin", nullValue())
                    .header("Access-Control-Allow-Methods", nullValue())
                    .header("Access-Control-Allow-Headers", nullValue());
            // Without a key, so the rate limit test below keeps its whole burst.
            var unauthorized = io.restassured.RestAssured.given().header("Origin", origin).get("/api/v1/templates").then();
            assertError(unauthorized, 401, "authentication_error", "api_key_missing", null);
            unauthorized.header("Access-Control-Allow-Origin", nullValue()).header("Access-Control-Expose-Headers", nullValue());
            var stream = io.restassured.RestAssured.given().header("Origin", origin).get("/api/v1/render-stream/" + "A".repeat(43)).then();
            assertError(stream, 404, "invalid_request_error", "resource_missing", null);
            stream.header("Access-Control-Allow-Origin", nullValue());
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

    @Test
    void eachOfNLiveInstancesAllowsOneNthOfTheRate() {
        try {
            heartbeat("inst_test_crashed", clock.instant());
            clock.advance(Duration.ofMinutes(5)); // the crashed one falls silent
            heartbeat("inst_test_live_1", clock.instant());
            heartbeat("inst_test_live_2", clock.instant());
            live.refresh();
            assertEquals(3, live.count(), "two others alive, the crashed one not counted");
            rateLimiter.acquire("key_share_of_three");
            ApiException limited = assertThrows(ApiException.class, () -> rateLimiter.acquire("key_share_of_three"));
            assertEquals(429, limited.status());
        } finally {
            clock.reset();
            QuarkusTransaction.requiringNew().run(() ->
                    em.createNativeQuery("DELETE FROM instances WHERE id LIKE 'inst_test_%'").executeUpdate());
        }
        live.refresh();
        assertEquals(1, live.count());
        for (int i = 0; i < 3; i++) {
            rateLimiter.acquire("key_alone");
        }
        assertThrows(ApiException.class, () -> rateLimiter.acquire("key_alone"));
    }

    /** What another instance's refresh writes. */
    private void heartbeat(String instanceId, Instant at) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                        "INSERT INTO instances (id, started_at, heartbeat_at) VALUES (?1, ?2, ?2)")
                .setParameter(1, instanceId).setParameter(2, at).executeUpdate());
    }
}
