package dev.cardgen.testing;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

import java.util.Map;

import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

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
        var account = admin().body(Map.of("name", "test")).post("/admin/v1/accounts").then().statusCode(201).extract();
        String id = account.path("id");
        String key = admin().post("/admin/v1/accounts/" + id + "/keys").then().statusCode(201).extract().path("secret");
        return new TestAccount(id, key, account.path("default_project_id"));
    }

    /**
     * Asserts the whole error body: exactly {@code type}, {@code code}, a non-empty
     * {@code message} and {@code param} (absent when null).
     */
    public static void assertError(io.restassured.response.ValidatableResponse response, int status, String type, String code, String param) {
        response.statusCode(status)
                .contentType(ContentType.JSON)
                .header("X-Request-Id", org.hamcrest.Matchers.notNullValue())
                .body("size()", org.hamcrest.Matchers.is(1))
                .body("error.type", org.hamcrest.Matchers.is(type))
                .body("error.code", org.hamcrest.Matchers.is(code))
                .body("error.message", org.hamcrest.Matchers.not(org.hamcrest.Matchers.emptyOrNullString()))
                .body("error.message", not(org.hamcrest.Matchers.containsString("Exception")))
                .body("error.message", not(org.hamcrest.Matchers.containsString("/work/")));
        if (param == null) {
            response.body("error", not(hasKey("param"))).body("error.size()", org.hamcrest.Matchers.is(3));
        } else {
            response.body("error.param", org.hamcrest.Matchers.is(param)).body("error.size()", org.hamcrest.Matchers.is(4));
        }
    }
}
