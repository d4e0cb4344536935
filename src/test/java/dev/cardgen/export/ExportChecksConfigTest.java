package dev.cardgen.export;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.DeploymentProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An operator binds a preset to a real marketplace with its own numbers: the presets list says so,
 * and an export that breaks them says which rule and by how much. The binding is
 * {@link DeploymentProfile}'s (a deployment's choice, and one application start fewer than a profile of its own).
 */
@QuarkusTest
@TestProfile(DeploymentProfile.class)
class ExportChecksConfigTest {

    @Test
    void anExportOverTheFileSizeLimitAndBelowTheSizeFailsThoseRules() {
        var acct = Api.newAccount();
        String gen = ExportFixtures.completedGeneration(acct.key());
        String id = ExportFixtures.readyExport(acct.key(), Map.of("generation_id", gen, "preset", "market3-3x4"));
        JsonPath export = Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(
                ExportChecksApiTest.check("ratio", true, "1200×1600 is 3:4"),
                ExportChecksApiTest.check("size", false, "1200×1600 is below the minimum 2000×2000"),
                ExportChecksApiTest.check("format", false, "png is not allowed (jpeg)"),
                ExportChecksApiTest.check("file_size", false, export.getLong("bytes") + " bytes, over the limit of 1000"),
                ExportChecksApiTest.check("srgb", true, "PNG tagged sRGB (sRGB chunk)"),
                ExportChecksApiTest.resolution(export)), export.getList("checks"));
    }

    @Test
    void thePresetsListShowsTheBindingAndItsNumbers() {
        Map<String, Object> preset = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/presets").then().statusCode(200).extract().jsonPath()
                .getMap("data.find { it.id == 'market3-3x4' }");
        assertEquals(DeploymentProfile.MARKETPLACE, preset.get("marketplace"));
        assertEquals(Map.of("min_width", 2000, "min_height", 2000, "formats", List.of("jpeg"), "max_bytes", 1000, "srgb", true,
                "min_product_fill", 0.85f, "edge_band", 0.02f), preset.get("limits"));
        assertEquals(List.of(Map.of("rule", "ratio", "requirement", "width:height is exactly 3:4"),
                Map.of("rule", "size", "requirement", "at least 2000×2000 px"),
                Map.of("rule", "format", "requirement", "one of jpeg"),
                Map.of("rule", "file_size", "requirement", "at most 1000 bytes"),
                Map.of("rule", "srgb", "requirement", "sRGB, tagged or untagged"),
                Map.of("rule", "product_resolution", "requirement",
                        "the product is enlarged at most 1.25× (at least 0.80 source pixels per card pixel)")), preset.get("rules"));
    }
}
