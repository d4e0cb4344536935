package dev.cardgen.playground;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

/** The playground's files when it is on (the test profile turns it on; its off state is in StrictProfileTest). */
@QuarkusTest
class PlaygroundPageTest {

    @Test
    void thePageAndItsFilesAreServed() {
        RestAssured.get("/").then().statusCode(200).contentType(startsWith("text/html"))
                .body(containsString("<title>cardgen playground</title>"));
        RestAssured.get("/playground/app.js").then().statusCode(200).body(containsString("new EventSource("));
        RestAssured.get("/playground/editor.js").then().statusCode(200).body(containsString("/cutout"));
        RestAssured.get("/playground/app.css").then().statusCode(200).contentType(startsWith("text/css"));
    }

    @Test
    void theDevKeyIsHandedOutInDevModeOnly() {
        RestAssured.get("/playground/config.json").then().statusCode(200).contentType("application/json")
                .header("Cache-Control", "no-store")
                .body("size()", is(1)).body("dev_key", nullValue());
    }
}
