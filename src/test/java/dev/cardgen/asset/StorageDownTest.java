package dev.cardgen.asset;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.ConfigOverrides;
import dev.cardgen.testing.Photos;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;

/** Storage unreachable: uploads answer 503 with Retry-After, readiness goes DOWN, nothing is half-written. */
@QuarkusTest
@TestProfile(StorageDownTest.DeadS3.class)
class StorageDownTest {

    public static class DeadS3 extends ConfigOverrides {
        public DeadS3() {
            super("cardgen.storage.type", "s3", "cardgen.storage.s3.bucket", "nowhere",
                    "quarkus.s3.endpoint-override", "http://127.0.0.1:1", "quarkus.s3.aws.region", "us-east-1",
                    "quarkus.s3.aws.credentials.type", "static",
                    "quarkus.s3.aws.credentials.static-provider.access-key-id", "x",
                    "quarkus.s3.aws.credentials.static-provider.secret-access-key", "y",
                    "quarkus.s3.path-style-access", "true");
        }
    }

    @Test
    void uploadIs503AndReadinessIsDown() {
        RestAssured.given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'blob-store' }.status", is("DOWN"));
        var acct = Api.newAccount();
        var r = Api.as(acct.key()).multiPart("file", "jar.jpg", Photos.productJpeg(1600, 1200), "image/jpeg").post("/api/v1/assets").then();
        assertError(r, 503, "api_error", "service_unavailable", null);
        r.header("Retry-After", matchesPattern("\\d+"));
        Api.as(acct.key()).get("/api/v1/assets").then().statusCode(200).body("data.size()", is(0));
    }
}
