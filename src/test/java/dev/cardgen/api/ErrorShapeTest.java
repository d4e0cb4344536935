package dev.cardgen.api;

import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.net.Socket;
import java.nio.charset.StandardCharsets;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the framework rejects before our resources run comes back in the error shape too. */
@QuarkusTest
class ErrorShapeTest {

    @Test
    void unknownRouteIs404InErrorShape() {
        assertError(Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/no-such-thing").then(), 404, "invalid_request_error", "resource_missing", null);
        assertError(RestAssured.given().get("/totally/elsewhere").then(), 404, "invalid_request_error", "resource_missing", null);
    }

    @Test
    void wrongMethodIs405WithAllow() {
        var r = Api.as(Api.BOOTSTRAP_KEY).delete("/api/v1/projects").then();
        assertError(r, 405, "invalid_request_error", "method_not_allowed", null);
    }

    @Test
    void malformedJsonIs400InvalidJson() {
        assertError(Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body("{\"name\":").post("/api/v1/projects").then(),
                400, "invalid_request_error", "invalid_json", null);
        assertError(Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body("[1,2]").post("/api/v1/projects").then(),
                400, "invalid_request_error", "invalid_json", null);
    }

    @Test
    void unknownAndMistypedFieldsNameTheParam() {
        assertError(Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body("{\"name\":\"a\",\"colour\":1}").post("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_unknown", "colour");
        assertError(Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body("{\"name\":{\"x\":1}}").post("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_invalid", "name");
    }

    @Test
    void wrongContentTypeIs415() {
        assertError(Api.as(Api.BOOTSTRAP_KEY).contentType("text/plain").body("name=x").post("/api/v1/projects").then(),
                415, "invalid_request_error", "unsupported_media_type", null);
    }

    @Test
    void declaredOversizeBodyIs413WithoutReadingIt() throws Exception {
        // Declares 50 MB and sends 16 bytes: the answer has to come from the header alone.
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(10_000);
            String head = "POST /api/v1/assets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + Api.BOOTSTRAP_KEY
                    + "\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 50000000\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(new byte[16]);
            socket.getOutputStream().flush();
            // The server keeps reading off the declared body for a while (lingering close), so read one
            // whole response by its Content-Length rather than to the end of the connection.
            String response = readOneResponse(socket.getInputStream());
            assertTrue(response.startsWith("HTTP/1.1 413"), response);
            assertTrue(response.contains("\"code\":\"file_too_large\""), response);
            assertTrue(response.contains("\"message\":\"The request body is larger than the 20 MB limit.\""), response);
            assertTrue(response.contains("X-Request-Id: req_"), response);
        }
    }

    private static String readOneResponse(java.io.InputStream in) throws java.io.IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            out.write(b);
            String text = out.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            if (end >= 0) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(text.substring(0, end));
                int length = m.find() ? Integer.parseInt(m.group(1)) : 0;
                out.write(in.readNBytes(length - (out.size() - end - 4)));
                break;
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void requestIdIsEchoedOrGenerated() {
        RestAssured.given().header("X-Request-Id", "client-abc.1").get("/api/v1/projects").then()
                .statusCode(401).header("X-Request-Id", is("client-abc.1"));
        RestAssured.given().get("/api/v1/projects").then().header("X-Request-Id", matchesPattern("req_[0-9A-Za-z]{24}"));
        // An id that could inject headers or grow logs is replaced.
        RestAssured.given().header("X-Request-Id", "a b<script>").get("/api/v1/projects").then()
                .header("X-Request-Id", matchesPattern("req_[0-9A-Za-z]{24}"));
    }

    @Test
    void missingMalformedAndUnknownKeysAre401() {
        var missing = RestAssured.given().get("/api/v1/projects").then();
        assertError(missing, 401, "authentication_error", "api_key_missing", null);
        missing.header("WWW-Authenticate", is("Bearer"));
        assertError(RestAssured.given().header("Authorization", "Basic dXNlcjpwYXNz").get("/api/v1/projects").then(),
                401, "authentication_error", "api_key_invalid", null);
        assertError(RestAssured.given().header("Authorization", "Bearer sk_live_doesnotexist").get("/api/v1/projects").then(),
                401, "authentication_error", "api_key_invalid", null);
        assertError(RestAssured.given().header("Authorization", "Bearer ").get("/api/v1/projects").then(),
                401, "authentication_error", "api_key_invalid", null);
    }
}
