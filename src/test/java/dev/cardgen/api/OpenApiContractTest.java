package dev.cardgen.api;

import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import dev.cardgen.testing.OpenApiContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The contract check that every other test runs through: it is installed, and it fails an
 * exchange that drifts from the document (which no real endpoint does, so the drift is made up here).
 */
@QuarkusTest
class OpenApiContractTest {

    private static final String GENERATION = "/api/v1/generations/gen_000000000000000000000000";

    private List<String> mismatches(String method, String path, SimpleResponse response) {
        String origin = RestAssured.baseURI + ":" + RestAssured.port;
        return OpenApiContract.INSTANCE.mismatches(origin, null, Request.Method.valueOf(method), path, response);
    }

    @Test
    void everyRestAssuredCallGoesThroughTheContract() {
        assertTrue(RestAssured.filters().contains(OpenApiContract.INSTANCE), "filters: " + RestAssured.filters());
    }

    @Test
    void anErrorBodyAsDocumentedPasses() {
        SimpleResponse notFound = SimpleResponse.Builder.status(404).withContentType("application/json")
                .withBody("{\"error\":{\"type\":\"invalid_request_error\",\"code\":\"resource_missing\",\"message\":\"No such generation.\"}}")
                .build();
        assertEquals(List.of(), mismatches("GET", GENERATION, notFound));
    }

    @Test
    void aCamelCaseBodyFails() {
        SimpleResponse camel = SimpleResponse.Builder.status(404).withContentType("application/json")
                .withBody("{\"error\":{\"errorType\":\"invalid_request_error\",\"code\":\"resource_missing\",\"message\":\"No such generation.\"}}")
                .build();
        List<String> problems = mismatches("GET", GENERATION, camel);
        assertTrue(problems.stream().anyMatch(p -> p.contains("type")), "problems: " + problems);
    }

    @Test
    void anUndeclaredStatusFails() {
        SimpleResponse teapot = SimpleResponse.Builder.status(418).withContentType("application/json").withBody("{}").build();
        List<String> problems = mismatches("GET", GENERATION, teapot);
        assertTrue(problems.stream().anyMatch(p -> p.contains("418")), "problems: " + problems);
    }

    @Test
    void anUndeclaredContentTypeFails() {
        SimpleResponse html = SimpleResponse.Builder.status(404).withContentType("text/html").withBody("<p>gone</p>").build();
        List<String> problems = mismatches("GET", GENERATION, html);
        assertTrue(problems.stream().anyMatch(p -> p.contains("text/html")), "problems: " + problems);
    }

    @Test
    void streamEventsAreCheckedAgainstTheirSchemas() {
        String origin = RestAssured.baseURI + ":" + RestAssured.port;
        String gen = "gen_000000000000000000000000";
        assertEquals(List.of(), OpenApiContract.INSTANCE.eventMismatches(origin, "progress",
                "{\"generation_id\":\"" + gen + "\",\"stage\":\"scene\",\"progress\":0.4}"));
        assertEquals(List.of(), OpenApiContract.INSTANCE.eventMismatches(origin, "error",
                "{\"generation_id\":\"" + gen + "\",\"code\":\"canceled\",\"message\":\"The generation was canceled.\"}"));

        List<String> camel = OpenApiContract.INSTANCE.eventMismatches(origin, "progress",
                "{\"generationId\":\"" + gen + "\",\"stage\":\"scene\",\"progress\":0.4}");
        assertTrue(camel.stream().anyMatch(p -> p.contains("generation_id")), "problems: " + camel);
        assertTrue(camel.stream().anyMatch(p -> p.contains("generationId")), "problems: " + camel);
        List<String> outOfRange = OpenApiContract.INSTANCE.eventMismatches(origin, "variant",
                "{\"generation_id\":\"" + gen + "\",\"index\":4,\"preview_url\":\"https://x.test/p/4\"}");
        assertTrue(outOfRange.stream().anyMatch(p -> p.contains("4") && p.contains("maximum")), "problems: " + outOfRange);
        List<String> badEnum = OpenApiContract.INSTANCE.eventMismatches(origin, "done",
                "{\"generation_id\":\"" + gen + "\",\"status\":\"finished\",\"variants\":3}");
        assertTrue(badEnum.stream().anyMatch(p -> p.contains("finished")), "problems: " + badEnum);
        assertEquals(List.of("no schema StreamFinishedEvent describes the event finished"),
                OpenApiContract.INSTANCE.eventMismatches(origin, "finished", "{}"));
    }

    @Test
    void aBadRequestBodyFailsWhenTheServiceWouldAcceptIt() {
        String origin = RestAssured.baseURI + ":" + RestAssured.port;
        SimpleRequest request = SimpleRequest.Builder.post("/api/v1/generations").withContentType("application/json")
                .withBody("{\"assetId\":\"ast_000000000000000000000000\"}").build();
        SimpleResponse accepted = SimpleResponse.Builder.status(202).withContentType("application/json").withBody("{}").build();
        List<String> problems = OpenApiContract.INSTANCE.mismatches(origin, request, Request.Method.POST, "/api/v1/generations", accepted);
        assertTrue(problems.stream().anyMatch(p -> p.contains("asset_id")), "problems: " + problems);
    }
}
