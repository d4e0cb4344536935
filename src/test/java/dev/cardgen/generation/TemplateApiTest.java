package dev.cardgen.generation;

import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.junit.jupiter.api.Assertions.assertEquals;

@QuarkusTest
class TemplateApiTest {

    @Test
    void listsAtLeastFourTemplatesWithNamesAndDescriptions() {
        var body = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/templates").then().statusCode(200)
                .body("object", is("list")).body("has_more", is(false))
                .body("data.size()", greaterThanOrEqualTo(4))
                .body("data.object", everyItem(is("template")))
                .body("data.name", everyItem(not(emptyOrNullString())))
                .body("data.description", everyItem(not(emptyOrNullString())))
                .extract();
        List<String> ids = body.path("data.id");
        assertEquals(ids.size(), ids.stream().distinct().count());
        RestAssured.given().get("/api/v1/templates").then().statusCode(401);
    }
}
