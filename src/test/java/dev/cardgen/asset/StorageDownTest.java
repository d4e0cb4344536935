package dev.cardgen.asset;

import dev.cardgen.account.AccountService;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.StrictProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;

/** Storage unreachable: uploads answer 503 with Retry-After, readiness goes DOWN, nothing is half-written. */
@QuarkusTest
@TestProfile(StrictProfile.class)
class StorageDownTest {

    @Inject
    AccountService accounts;

    @Test
    void uploadIs503AndReadinessIsDown() {
        RestAssured.given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'blob-store' }.status", is("DOWN"));
        // The profile has no admin API: the account and its key come from the service.
        String key = accounts.issueKey(accounts.create("storage-down", null).id).secret();
        var r = Api.as(key).multiPart("file", "jar.jpg", Photos.productJpeg(1600, 1200), "image/jpeg").post("/api/v1/assets").then();
        assertError(r, 503, "api_error", "service_unavailable", null);
        r.header("Retry-After", matchesPattern("\\d+"));
        Api.as(key).get("/api/v1/assets").then().statusCode(200).body("data.size()", is(0));
    }
}
