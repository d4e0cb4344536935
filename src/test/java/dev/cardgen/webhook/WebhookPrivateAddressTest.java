package dev.cardgen.webhook;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.DeploymentProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;

/** With {@code allow-private=false}, as in production: an endpoint URL naming a non-public address is refused up front. */
@QuarkusTest
@TestProfile(DeploymentProfile.class)
class WebhookPrivateAddressTest {

    @Test
    void aPrivateOrLoopbackAddressIsA400NamingUrlAtCreateAndUpdate() {
        var acct = Api.newAccount();
        for (String url : List.of("http://127.0.0.1:8080/hook", "https://10.1.2.3/hook", "http://192.168.0.10/hook",
                "http://169.254.169.254/latest/meta-data", "http://[::1]/hook", "http://[fd00::1]/hook", "http://localhost/hook",
                "http://100.64.0.1/hook", "http://0.0.0.0/hook")) {
            assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("url", url, "events", List.of("export.ready")))
                    .post("/api/v1/webhook_endpoints").then(), 400, "invalid_request_error", "parameter_invalid", "url");
        }
        Api.as(acct.key()).get("/api/v1/webhook_endpoints").then().statusCode(200).body("data.size()", is(0));

        // A public address or a name (resolved and checked at each delivery) is accepted; changing it to a private one is not.
        String id = Api.as(acct.key()).contentType(ContentType.JSON)
                .body(Map.of("url", "https://93.184.215.14/hook", "events", List.of("export.ready")))
                .post("/api/v1/webhook_endpoints").then().statusCode(201).body("url", is("https://93.184.215.14/hook")).extract().path("id");
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("url", "http://10.0.0.1/hook"))
                .post("/api/v1/webhook_endpoints/" + id).then(), 400, "invalid_request_error", "parameter_invalid", "url");
        Api.as(acct.key()).get("/api/v1/webhook_endpoints/" + id).then().statusCode(200).body("url", is("https://93.184.215.14/hook"));
    }
}
