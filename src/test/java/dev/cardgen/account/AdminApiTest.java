package dev.cardgen.account;

import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.hasKey;

@QuarkusTest
class AdminApiTest {

    @Test
    void issueListAndRevokeKeys() {
        var created = Api.admin().body(Map.of("name", "Acme", "monthly_allowance", 50)).post("/admin/v1/accounts").then()
                .statusCode(201).body("object", is("account")).body("name", is("Acme")).body("monthly_allowance", is(50))
                .body("id", matchesPattern("acc_[0-9A-Za-z]{24}")).body("default_project_id", matchesPattern("prj_[0-9A-Za-z]{24}"))
                .extract();
        String account = created.path("id");
        var key = Api.admin().post("/admin/v1/accounts/" + account + "/keys").then().statusCode(201)
                .body("object", is("api_key")).body("account_id", is(account))
                .body("secret", matchesPattern("sk_live_[0-9A-Za-z]{32}"))
                .body("revoked_at", nullValue()).extract();
        String secret = key.path("secret");
        String keyId = key.path("id");
        Api.admin().get("/admin/v1/accounts/" + account + "/keys").then().statusCode(200)
                .body("data", hasSize(1)).body("data[0].id", is(keyId))
                .body("data[0].prefix", is(secret.substring(0, 12)))
                .body("data[0].secret", nullValue());

        Api.as(secret).get("/api/v1/projects").then().statusCode(200).body("data[0].id", is((String) created.path("default_project_id")));

        Api.admin().delete("/admin/v1/accounts/" + account + "/keys/" + keyId).then().statusCode(200)
                .body("revoked_at", notNullValue());
        assertError(Api.as(secret).get("/api/v1/projects").then(), 401, "authentication_error", "api_key_invalid", null);
    }

    @Test
    void adminNeedsTheAdminToken() {
        assertError(RestAssured.given().contentType(ContentType.JSON).body(Map.of("name", "x")).post("/admin/v1/accounts").then(),
                401, "authentication_error", "api_key_missing", null);
        assertError(Api.as("wrong").contentType(ContentType.JSON).body(Map.of("name", "x")).post("/admin/v1/accounts").then(),
                401, "authentication_error", "api_key_invalid", null);
        // An API key is not an admin token.
        assertError(Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body(Map.of("name", "x")).post("/admin/v1/accounts").then(),
                401, "authentication_error", "api_key_invalid", null);
    }

    @Test
    void adminValidatesInput() {
        assertError(Api.admin().body("{}").post("/admin/v1/accounts").then(), 400, "invalid_request_error", "parameter_missing", "name");
        assertError(Api.admin().body(Map.of("name", "x", "monthly_allowance", -1)).post("/admin/v1/accounts").then(),
                400, "invalid_request_error", "parameter_invalid", "monthly_allowance");
        assertError(Api.admin().post("/admin/v1/accounts/acc_000000000000000000000000/keys").then(),
                404, "invalid_request_error", "resource_missing", "id");
    }

    @Test
    void allowanceCanBeChanged() {
        var acct = Api.newAccount();
        Api.admin().body(Map.of("monthly_allowance", 7)).post("/admin/v1/accounts/" + acct.id()).then()
                .statusCode(200).body("monthly_allowance", is(7));
        Api.admin().get("/admin/v1/accounts/" + acct.id()).then().statusCode(200).body("monthly_allowance", is(7))
                .body("$", not(hasKey("secret")));
    }
}
