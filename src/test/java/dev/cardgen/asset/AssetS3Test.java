package dev.cardgen.asset;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.DeploymentProfile;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.S3ProxyServer;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.util.Set;
import java.util.stream.Collectors;

import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The service with cardgen.storage.type=s3 against a real S3-compatible server (S3Proxy, in-process). */
@QuarkusTest
@TestProfile(DeploymentProfile.class)
class AssetS3Test {

    @Test
    void assetsLiveInTheBucket() {
        RestAssured.given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'blob-store' }.status", is("UP"))
                .body("checks.find { it.name == 'blob-store' }.data.type", is("s3"));
        var acct = Api.newAccount();
        String id = Api.as(acct.key()).multiPart("file", "jar.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).body("subject_detected", is(true)).extract().path("id");
        assertEquals(Set.of("assets/" + id + "/original", "assets/" + id + "/working.jpg", "assets/" + id + "/mask.png"), keys("assets/" + id + "/"));
        Api.as(acct.key()).get("/api/v1/assets").then().body("data.id", hasItem(id));
        // The cut-out is made from the working copy and mask in the bucket.
        Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout").then().statusCode(200).contentType("image/png")
                .header("ETag", "\"" + id + "-cutout-v1-1\"");
        Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?format=mask").then().statusCode(200).contentType("image/png");
        Api.as(acct.key()).delete("/api/v1/assets/" + id).then().statusCode(200);
        assertEquals(Set.of(), keys("assets/" + id + "/"));
        Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout").then().statusCode(404);
    }

    private static Set<String> keys(String prefix) {
        S3ProxyServer server = S3ProxyServer.start();
        try (var s3 = server.newClient()) {
            return s3.listObjectsV2(ListObjectsV2Request.builder().bucket(S3ProxyServer.BUCKET).prefix(prefix).build())
                    .contents().stream().map(S3Object::key).collect(Collectors.toSet());
        }
    }
}
