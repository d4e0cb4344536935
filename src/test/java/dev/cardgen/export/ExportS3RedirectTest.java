package dev.cardgen.export;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.DeploymentProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** With the S3 store and redirect-downloads, the file path answers 302 to a presigned URL of the real S3 server. */
@QuarkusTest
@TestProfile(DeploymentProfile.class)
class ExportS3RedirectTest {

    @Test
    void fileRedirectsToAPresignedUrlThatServesTheBytes() throws Exception {
        var acct = Api.newAccount();
        String gen = ExportFixtures.completedGeneration(acct.key());
        String id = ExportFixtures.readyExport(acct.key(), Map.of("generation_id", gen, "preset", "market1-3x4", "width", 2400));
        long bytes = ((Number) Api.as(acct.key()).get("/api/v1/exports/" + id).then().extract().path("bytes")).longValue();

        String withKey = Api.as(acct.key()).redirects().follow(false).get("/api/v1/exports/" + id + "/file").then()
                .statusCode(302).extract().header("Location");
        // The public base URL's host does not exist (DeploymentProfile): the same path, here.
        String url = Api.as(acct.key()).get("/api/v1/exports/" + id).then().extract().<String>path("download_url")
                .replace(DeploymentProfile.PUBLIC_BASE_URL, "http://localhost:" + RestAssured.port);
        String signed = RestAssured.given().urlEncodingEnabled(false).redirects().follow(false).get(url).then()
                .statusCode(302).header("Location", containsString("X-Amz-Signature")).extract().header("Location");

        HttpClient http = HttpClient.newHttpClient();
        for (String location : List.of(withKey, signed)) {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(location)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode());
            assertEquals(bytes, r.body().length);
            assertTrue(r.headers().firstValue("Content-Disposition").orElse("").contains("market1-3x4-" + id + ".png"));
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(r.body()));
            assertEquals(2400, img.getWidth());
            assertEquals(3200, img.getHeight());
        }
        // A bad signature is still refused by the service before any redirect.
        RestAssured.given().urlEncodingEnabled(false).redirects().follow(false).get(url.replace("signature=", "signature=x")).then().statusCode(403);
    }
}
