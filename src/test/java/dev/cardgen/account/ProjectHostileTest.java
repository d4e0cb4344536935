package dev.cardgen.account;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Leftovers;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.concat;
import static dev.cardgen.testing.RawHttp.expectError;
import static dev.cardgen.testing.RawHttp.request;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile bytes against projects and the admin's accounts, sent raw: control characters, loose JSON,
 * non-UTF-8 bodies. Every refused request leaves no row behind (checked after each test).
 */
@QuarkusTest
class ProjectHostileTest {

    private static final String JSON = "application/json";
    private static Api.TestAccount account;
    private static String key;
    private Leftovers before;

    @BeforeEach
    void account() {
        if (account == null) {
            account = Api.newAccount();
            key = account.key();
        }
        before = Leftovers.of(account.id());
    }

    @AfterEach
    void nothingWritten() {
        if (before != null) {
            before.assertNothingLeftBehind(account.id());
        }
    }

    private static byte[] post(String body) {
        return post(bytes(body));
    }

    private static byte[] post(byte[] body) {
        return request("POST", "/api/v1/projects", key, JSON, body);
    }

    @Test
    void controlCharactersInNamesAre400() {
        expectError(post("{\"name\":\"a\\u0000b\"}"), 400, "parameter_invalid", "name");
        expectError(post("{\"name\":\"tab\\there\"}"), 400, "parameter_invalid", "name");
        expectError(post("{\"name\":\"line\\nbreak\"}"), 400, "parameter_invalid", "name");
        expectError(post("{\"name\":\"del\u007f\"}"), 400, "parameter_invalid", "name");
        expectError(request("POST", "/admin/v1/accounts", Api.ADMIN_TOKEN, JSON, bytes("{\"name\":\"evil\\u0000\"}")),
                400, "parameter_invalid", "name");
        // A raw (unescaped) control character is not JSON at all.
        expectError(post("{\"name\":\"a\u0001b\"}"), 400, "invalid_json", null);
    }

    @Test
    void controlCharactersInQueryParamsAre400AndInPathIdsAre404() {
        expectError(request("GET", "/api/v1/projects?starting_after=prj_%00", key, null, null), 400, "parameter_invalid", "starting_after");
        expectError(request("GET", "/api/v1/projects?limit=1%0A", key, null, null), 400, "parameter_invalid", "limit");
        expectError(request("GET", "/api/v1/projects/prj_%00", key, null, null), 404, "resource_missing", "id");
        expectError(request("GET", "/api/v1/projects/%00%01", key, null, null), 404, "resource_missing", "id");
    }

    @Test
    void typesAreNotCoerced() {
        expectError(post("{\"name\":1}"), 400, "parameter_invalid", "name");
        expectError(post("{\"name\":false}"), 400, "parameter_invalid", "name");
        expectError(post("{\"name\":[\"a\"]}"), 400, "parameter_invalid", "name");
        expectError(request("POST", "/admin/v1/accounts", Api.ADMIN_TOKEN, JSON, bytes("{\"name\":\"a\",\"monthly_allowance\":\"5\"}")),
                400, "parameter_invalid", "monthly_allowance");
        expectError(request("POST", "/admin/v1/accounts", Api.ADMIN_TOKEN, JSON, bytes("{\"name\":\"a\",\"monthly_allowance\":5.5}")),
                400, "parameter_invalid", "monthly_allowance");
    }

    @Test
    void exactlyOneJsonValue() {
        expectError(post("{\"name\":\"a\"}xyz"), 400, "invalid_json", null);
        expectError(post("{\"name\":\"a\"}{\"name\":\"b\"}"), 400, "invalid_json", null);
        expectError(post("{\"name\":\"a\"} 1"), 400, "invalid_json", null);
    }

    @Test
    void onlyUtf8Bodies() {
        String json = "{\"name\":\"utf\"}";
        expectError(post(json.getBytes(java.nio.charset.StandardCharsets.UTF_16LE)), 400, "invalid_json", null);
        expectError(post(json.getBytes(java.nio.charset.StandardCharsets.UTF_16)), 400, "invalid_json", null);
        expectError(post(json.getBytes(java.nio.charset.Charset.forName("UTF-32BE"))), 400, "invalid_json", null);
        // Overlong "/" (C0 AF), an encoded lone surrogate (ED A0 80), a stray continuation byte.
        expectError(post(concat(bytes("{\"name\":\"a"), new byte[] {(byte) 0xC0, (byte) 0xAF}, bytes("\"}"))), 400, "invalid_json", null);
        expectError(post(concat(bytes("{\"name\":\"a"), new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, bytes("\"}"))), 400, "invalid_json", null);
        expectError(post(concat(bytes("{\"name\":\"a"), new byte[] {(byte) 0x80}, bytes("\"}"))), 400, "invalid_json", null);
        before.assertNothingLeftBehind(account.id());
        before = null; // what follows is meant to write
        // Real UTF-8 still works.
        RawHttp.Reply ok = RawHttp.send(post("{\"name\":\"Обувь ✓\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(201, ok.status(), ok.text());
        assertEquals("Обувь ✓", ok.json().path("name").asText());
    }
}
