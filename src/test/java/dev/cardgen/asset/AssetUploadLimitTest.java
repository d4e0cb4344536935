package dev.cardgen.asset;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.DeploymentProfile;
import dev.cardgen.testing.Leftovers;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A deployment with a 5 MB file limit: the 413s and the published document quote it, not the default 20 MB. */
@QuarkusTest
@TestProfile(DeploymentProfile.class)
class AssetUploadLimitTest {

    @Test
    void aFileOverTheLimitIsToldTheConfiguredLimit() {
        AssetApiTest.assertOneByteOverTheLimitIs413(5);
    }

    @Test
    void aDeclaredBodyOverTheRequestLimitIsToldTheConfiguredLimit() {
        var acct = Api.newAccount();
        Leftovers before = Leftovers.of(acct.id());
        RawHttp.Reply reply = RawHttp.send(RawHttp.bytes("POST /api/v1/assets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer "
                + acct.key() + "\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 6000000\r\n\r\n--x"));
        RawHttp.assertError(reply, 413, "file_too_large", null);
        assertEquals("The request body is larger than the 5 MB limit.", reply.json().path("error").path("message").asText());
        before.assertNothingLeftBehind(acct.id());
    }

    @Test
    void theServedDocumentQuotesTheConfiguredLimit() {
        String description = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().jsonPath().getString("paths.'/api/v1/assets'.post.description");
        assertEquals("JPG, PNG or WebP (by content, not by declared type), up to 5 MB, at least 800 px on the shorter side, "
                + "at most 100 Mpx.", description);
    }
}
