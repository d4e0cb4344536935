package dev.cardgen.export;

import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.expectError;
import static dev.cardgen.testing.RawHttp.request;

/** Hostile bytes against exports: coerced numbers, control characters in list filters and ids. */
@QuarkusTest
class ExportHostileTest {

    private static final String GEN = "gen_000000000000000000000000";

    private static byte[] create(String json) {
        return request("POST", "/api/v1/exports", Api.BOOTSTRAP_KEY, "application/json", bytes(json));
    }

    @Test
    void numbersAreNumbers() {
        expectError(create("{\"generation_id\":\"" + GEN + "\",\"variant\":\"0\",\"preset\":\"market1-3x4\"}"), 400, "parameter_invalid", "variant");
        expectError(create("{\"generation_id\":\"" + GEN + "\",\"variant\":0,\"preset\":\"market1-3x4\",\"width\":\"1200\"}"),
                400, "parameter_invalid", "width");
        expectError(create("{\"generation_id\":\"" + GEN + "\",\"variant\":0.5,\"preset\":\"market1-3x4\"}"), 400, "parameter_invalid", "variant");
        expectError(create("{\"generation_id\":7,\"variant\":0,\"preset\":\"market1-3x4\"}"), 400, "parameter_invalid", "generation_id");
        expectError(create("{\"generation_id\":\"" + GEN + "\",\"variant\":0,\"preset\":true}"), 400, "parameter_invalid", "preset");
    }

    @Test
    void controlCharactersInFiltersAre400() {
        expectError(request("GET", "/api/v1/exports?project_id=%00", Api.BOOTSTRAP_KEY, null, null), 400, "parameter_invalid", "project_id");
        expectError(request("GET", "/api/v1/exports?generation_id=%1F", Api.BOOTSTRAP_KEY, null, null), 400, "parameter_invalid", "generation_id");
        expectError(request("GET", "/api/v1/exports?starting_after=exp_%00", Api.BOOTSTRAP_KEY, null, null), 400, "parameter_invalid", "starting_after");
        expectError(request("GET", "/api/v1/exports/exp_%00", Api.BOOTSTRAP_KEY, null, null), 404, "resource_missing", "id");
    }
}
