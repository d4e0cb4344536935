package dev.cardgen.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;

import java.util.Map;

import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shared helpers of the HTTP tests: the bootstrap key, fresh accounts, and error-body assertions. */
public final class Api {

    public static final String BOOTSTRAP_KEY = "sk_test_cardgen_bootstrap_key_0001";
    public static final String ADMIN_TOKEN = "test-admin-token";

    private Api() {
    }

    public static RequestSpecification as(String key) {
        return RestAssured.given().header("Authorization", "Bearer " + key);
    }

    public static RequestSpecification admin() {
        return as(ADMIN_TOKEN).contentType(ContentType.JSON);
    }

    /** A new account with its own key, so a test cannot see another test's data. */
    public record TestAccount(String id, String key, String defaultProjectId) {
    }

    public static TestAccount newAccount() {
        JsonNode account = json(admin().body(Map.of("name", "test")).post("/admin/v1/accounts").then().statusCode(201));
        String id = text(account, "id");
        String key = text(json(admin().post("/admin/v1/accounts/" + id + "/keys").then().statusCode(201)), "secret");
        return new TestAccount(id, key, text(account, "default_project_id"));
    }

    /** Uploads a 1600×1200 product photo (JPEG) under this file name as the account's asset; its id. */
    public static String uploadProduct(String key, String fileName) {
        return uploadJpeg(key, Photos.productJpeg(1600, 1200), fileName);
    }

    /** Uploads these JPEG bytes under this file name as the account's asset; its id. */
    public static String uploadJpeg(String key, byte[] jpeg, String fileName) {
        return text(json(as(key).multiPart("file", fileName, jpeg, "image/jpeg").post("/api/v1/assets").then().statusCode(201)), "id");
    }

    /**
     * Asserts the whole error body: exactly {@code type}, {@code code}, a non-empty
     * {@code message} and {@code param} (absent when null).
     */
    public static void assertError(io.restassured.response.ValidatableResponse response, int status, String type, String code, String param) {
        String body = response.statusCode(status)
                .contentType(ContentType.JSON)
                .header("X-Request-Id", notNullValue())
                .extract().asString();
        // Read with Jackson, not GPath: Groovy compiles every GPath expression on each call, and that was
        // 12 % of the HTTP tests' CPU (JFR), most of it in this helper.
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
        assertTrue(root.isObject() && root.size() == 1 && root.has("error"), "one key, error: " + body);
        JsonNode error = root.get("error");
        assertTrue(error.isObject(), body);
        assertEquals(type, textOf(error, "type"), body);
        assertEquals(code, textOf(error, "code"), body);
        String message = textOf(error, "message");
        assertTrue(message != null && !message.isBlank(), "a message: " + body);
        assertFalse(message.contains("Exception"), body);
        assertFalse(message.contains("/work/"), body);
        if (param == null) {
            assertFalse(error.has("param"), body);
            assertEquals(3, error.size(), body);
        } else {
            assertEquals(param, textOf(error, "param"), body);
            assertEquals(4, error.size(), body);
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The response's body read with Jackson. GPath ({@code extract().path}, {@code body(path, matcher)})
     * compiles a Groovy script on every call, 6-30 ms of the test thread's CPU each where Jackson takes
     * well under 1 ms: the helpers every test calls, and the loops that poll a status, read with this.
     */
    public static JsonNode json(ValidatableResponse response) {
        String body = response.extract().asString();
        try {
            return JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + body, e);
        }
    }

    /** The text of {@code node}'s {@code field}; fails when the field is absent or not a string. */
    public static String text(JsonNode node, String field) {
        String v = textOf(node, field);
        assertTrue(v != null, "a string " + field + ": " + node);
        return v;
    }

    /** The field's text, or null when it is absent, null or not a string. */
    private static String textOf(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v != null && v.isTextual() ? v.asText() : null;
    }
}
