package dev.cardgen.account;

import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class ProjectApiTest {

    @Test
    void newAccountHasExactlyItsDefaultProject() {
        var acct = Api.newAccount();
        Api.as(acct.key()).get("/api/v1/projects").then().statusCode(200)
                .body("object", is("list")).body("has_more", is(false))
                .body("data", hasSize(1))
                .body("data[0].id", is(acct.defaultProjectId()))
                .body("data[0].object", is("project"))
                .body("data[0].name", is("Default"))
                .body("data[0].is_default", is(true))
                .body("data[0].created_at", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"));
    }

    @Test
    void createReadAndPaginateNewestFirst() {
        var acct = Api.newAccount();
        for (int i = 1; i <= 3; i++) {
            Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("name", "P" + i)).post("/api/v1/projects").then()
                    .statusCode(201).body("object", is("project")).body("name", is("P" + i)).body("is_default", is(false))
                    .body("id", matchesPattern("prj_[0-9A-Za-z]{24}"));
        }
        var first = Api.as(acct.key()).queryParam("limit", 2).get("/api/v1/projects").then().statusCode(200)
                .body("data", hasSize(2)).body("has_more", is(true)).extract();
        List<String> names = first.path("data.name");
        assertEquals(List.of("P3", "P2"), names);
        String last = first.path("data[1].id");
        Api.as(acct.key()).queryParam("limit", 2).queryParam("starting_after", last).get("/api/v1/projects").then()
                .statusCode(200).body("data.name", is(List.of("P1", "Default"))).body("has_more", is(false));
        String id = first.path("data[0].id");
        Api.as(acct.key()).get("/api/v1/projects/" + id).then().statusCode(200).body("id", is(id)).body("name", is("P3"));
    }

    @Test
    void invalidInputNamesTheParam() {
        var acct = Api.newAccount();
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("{}").post("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_missing", "name");
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("name", "x".repeat(201))).post("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_invalid", "name");
        assertError(Api.as(acct.key()).queryParam("limit", 0).get("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_invalid", "limit");
        assertError(Api.as(acct.key()).queryParam("limit", "ten").get("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_invalid", "limit");
        assertError(Api.as(acct.key()).queryParam("starting_after", "prj_nope").get("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_invalid", "starting_after");
    }

    @Test
    void anotherAccountsProjectIsIndistinguishableFromNone() {
        var alice = Api.newAccount();
        var bob = Api.newAccount();
        assertError(Api.as(bob.key()).get("/api/v1/projects/" + alice.defaultProjectId()).then(),
                404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(bob.key()).get("/api/v1/projects/prj_000000000000000000000000").then(),
                404, "invalid_request_error", "resource_missing", "id");
        // Alice's project id is not a valid cursor in Bob's list either.
        assertError(Api.as(bob.key()).queryParam("starting_after", alice.defaultProjectId()).get("/api/v1/projects").then(),
                400, "invalid_request_error", "parameter_invalid", "starting_after");
    }
}
