package dev.cardgen.export;

import dev.cardgen.render.WhiteTemplateTest;
import dev.cardgen.testing.Api;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Marketplace checks through the API, on the real database and blob store: a white main image that
 * passes every rule, a card with text and a coloured frame that fails the main-image rules, and the
 * presets with their rule sets.
 */
@QuarkusTest
class ExportChecksApiTest {

    private static final Pattern FILL = Pattern.compile("the product covers (\\d+\\.\\d) % of the frame's (width|height) \\(at least 85 %\\)");
    private static final Pattern BORDER = Pattern.compile("(\\d+) of 4796 edge pixels are not #FFFFFF \\(darkest #[0-9A-F]{6}\\)");

    private static String generation(String key, String template) {
        String asset = ExportFixtures.uploadAsset(key);
        Map<String, Object> body = new LinkedHashMap<>(Map.of("asset_id", asset, "variants", 1, "ratio", "1:1",
                "text", Map.of("title", "Glass bottle", "facts", List.of("750 ml"), "badge", "NEW")));
        if (template != null) body.put("template", template);
        String id = Api.as(key).contentType(ContentType.JSON).body(body).post("/api/v1/generations").then().statusCode(202).extract().path("id");
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).pollInterval(java.time.Duration.ofMillis(100)).until(() ->
                "completed".equals(Api.as(key).get("/api/v1/generations/" + id).then().statusCode(200).extract().path("status")));
        return id;
    }

    private static BufferedImage file(String key, String exportId) throws IOException {
        return ImageIO.read(new ByteArrayInputStream(Api.as(key).get("/api/v1/exports/" + exportId + "/file").then().statusCode(200)
                .extract().asByteArray()));
    }

    @Test
    void aWhiteMainImagePassesEveryRuleAndSaysWhatItMeasured() throws IOException {
        var acct = Api.newAccount();
        String gen = generation(acct.key(), "white");
        String id = ExportFixtures.readyExport(acct.key(), Map.of("generation_id", gen, "preset", "market4-1x1"));
        JsonPath export = Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200).extract().jsonPath();
        long bytes = export.getLong("bytes");
        List<Map<String, Object>> checks = export.getList("checks");
        assertEquals(10, checks.size(), checks.toString());
        String fill = (String) checks.get(6).get("detail");
        Matcher m = FILL.matcher(fill);
        assertTrue(m.matches(), fill);
        assertEquals(List.of(
                check("ratio", true, "1200×1200 is 1:1"),
                check("size", true, "1200×1200 meets the minimum 1200×1200"),
                check("format", true, "png is allowed (png, jpeg)"),
                check("file_size", true, bytes + " bytes, within the limit of 10485760"),
                check("srgb", true, "PNG tagged sRGB (sRGB chunk)"),
                check("white_border", true, "every edge pixel is #FFFFFF"),
                check("product_fill", true, fill),
                check("no_text", true, "no text was drawn"),
                check("no_edge_shadow", true, "the outer 24 px outside the product are pure white"),
                resolution(export)), checks);
        // The fill counts the product's own pixels (cut-out alpha >= 50 %): inside the file's non-white box, which
        // also holds the cut-out's faint edge, never more than 2 points of the frame beyond it.
        double measured = WhiteTemplateTest.coverage(file(acct.key(), id)) * 100;
        double reported = Double.parseDouble(m.group(1));
        assertTrue(reported <= measured + 0.05 && measured - reported <= 2.0, "reported " + reported + " %, non-white box of the file " + measured + " %");
        assertTrue(reported >= 85 && reported <= 93.5, fill);
        // The list shows the same checks.
        Api.as(acct.key()).get("/api/v1/exports?generation_id=" + gen).then().statusCode(200)
                .body("data.size()", is(1)).body("data[0].checks", is(checks));
    }

    @Test
    void aCardWithTextAndABackdropFailsTheMainImageRulesAndPassesTheFileRules() throws IOException {
        var acct = Api.newAccount();
        String gen = generation(acct.key(), null);
        String id = ExportFixtures.readyExport(acct.key(), Map.of("generation_id", gen, "preset", "market4-1x1"));
        List<Map<String, Object>> checks = Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200)
                .extract().jsonPath().getList("checks");
        assertEquals(List.of("ratio", "size", "format", "file_size", "srgb", "white_border", "product_fill", "no_text", "no_edge_shadow",
                        "product_resolution"),
                checks.stream().map(c -> c.get("rule")).toList());
        assertEquals(List.of(true, true, true, true, true, false), checks.subList(0, 6).stream().map(c -> c.get("passed")).toList());
        assertEquals(false, checks.get(7).get("passed"), checks.get(7).toString());
        assertTrue(((String) checks.get(7).get("detail")).matches("text was drawn: title(, subtitle)?, fact, badge"), checks.get(7).toString());
        assertEquals(false, checks.get(8).get("passed"), checks.get(8).toString());
        assertTrue(((String) checks.get(8).get("detail")).endsWith("; a shadow was drawn"), checks.get(8).toString());
        // The count of non-white edge pixels is the file's.
        String border = (String) checks.get(5).get("detail");
        Matcher m = BORDER.matcher(border);
        assertTrue(m.matches(), border);
        assertEquals(nonWhiteEdgePixels(file(acct.key(), id)), Integer.parseInt(m.group(1)), border);
    }

    @Test
    void aPresetWithoutTheMainImageRulesChecksTheFileOnly() {
        var acct = Api.newAccount();
        String gen = generation(acct.key(), null);
        String id = ExportFixtures.readyExport(acct.key(), Map.of("generation_id", gen, "preset", "stories-9x16", "format", "jpeg"));
        JsonPath export = Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(
                check("ratio", true, "1080×1920 is 9:16"),
                check("size", true, "1080×1920 meets the minimum 1080×1920"),
                check("format", true, "jpeg is allowed (png, jpeg)"),
                check("file_size", true, export.getLong("bytes") + " bytes, within the limit of 10485760"),
                check("srgb", true, "JPEG without a colour profile (read as sRGB)"),
                resolution(export)), export.getList("checks"));
    }

    @Test
    void presetsListEverySizeAndRuleSet() {
        String body = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/presets").then().statusCode(200).contentType(ContentType.JSON)
                .extract().asString();
        Map<String, Object> expected = Map.of("object", "list", "has_more", false, "data", List.of(
                preset("market1-3x4", "3:4", List.of(size(1200, 1600), size(2400, 3200)), false),
                preset("market2-3x4", "3:4", List.of(size(1200, 1600), size(2400, 3200)), false),
                preset("market3-3x4", "3:4", List.of(size(1200, 1600)), false),
                preset("market4-1x1", "1:1", List.of(size(1200, 1200), size(2000, 2000)), true),
                preset("market5-1x1", "1:1", List.of(size(1200, 1200)), true),
                preset("stories-9x16", "9:16", List.of(size(1080, 1920)), false)));
        assertEquals(expected, JsonPath.from(body).getMap("$"));
        assertError(io.restassured.RestAssured.given().get("/api/v1/presets").then(), 401, "authentication_error", "api_key_missing", null);
    }

    static Map<String, Object> preset(String id, String ratio, List<Map<String, Object>> sizes, boolean main) {
        Map<String, Object> smallest = sizes.get(0);
        List<Map<String, Object>> rules = new ArrayList<>(List.of(
                rule("ratio", "width:height is exactly " + ratio),
                rule("size", "at least " + smallest.get("width") + "×" + smallest.get("height") + " px"),
                rule("format", "one of png, jpeg"),
                rule("file_size", "at most 10485760 bytes"),
                rule("srgb", "sRGB, tagged or untagged")));
        if (main) {
            rules.addAll(List.of(
                    rule("white_border", "every pixel of the outermost rows and columns is #FFFFFF"),
                    rule("product_fill", "the product covers at least 85 % of the frame along its longer axis"),
                    rule("no_text", "no text drawn on the image"),
                    rule("no_edge_shadow", "the outer 2.0 % of the shorter side is pure white wherever the product is not (no shadow reaches the edge)")));
        }
        rules.add(rule("product_resolution", "the product is enlarged at most 1.25× (at least 0.80 source pixels per card pixel)"));
        Map<String, Object> limits = Map.of("min_width", smallest.get("width"), "min_height", smallest.get("height"),
                "formats", List.of("png", "jpeg"), "max_bytes", 10485760, "srgb", true, "min_product_fill", 0.85f, "edge_band", 0.02f);
        return Map.of("id", id, "object", "preset", "ratio", ratio, "sizes", sizes, "main_image", main, "limits", limits, "rules", rules);
    }

    /** The product_resolution check an export must carry for its product_scale. */
    static Map<String, Object> resolution(JsonPath export) {
        double scale = export.getDouble("product_scale");
        boolean ok = scale * 1.25 >= 1 - 1e-9;
        String drawn = scale >= 1 ? String.format(java.util.Locale.ROOT, "the product is drawn from %.2f source pixels per card pixel", scale)
                : String.format(java.util.Locale.ROOT, "the product is enlarged %.2f× (%.2f source pixels per card pixel)", 1 / scale, scale);
        return check("product_resolution", ok, drawn + (ok ? ", within the limit of 1.25×" : ", beyond the limit of 1.25×: upload a larger photo"));
    }

    private static Map<String, Object> size(int w, int h) {
        return Map.of("width", w, "height", h);
    }

    private static Map<String, Object> rule(String rule, String requirement) {
        return Map.of("rule", rule, "requirement", requirement);
    }

    static Map<String, Object> check(String rule, boolean passed, String detail) {
        return Map.of("rule", rule, "passed", passed, "detail", detail);
    }

    private static int nonWhiteEdgePixels(BufferedImage img) {
        int w = img.getWidth(), h = img.getHeight(), n = 0;
        for (int x = 0; x < w; x++) {
            if ((img.getRGB(x, 0) & 0xFFFFFF) != 0xFFFFFF) n++;
            if ((img.getRGB(x, h - 1) & 0xFFFFFF) != 0xFFFFFF) n++;
        }
        for (int y = 1; y < h - 1; y++) {
            if ((img.getRGB(0, y) & 0xFFFFFF) != 0xFFFFFF) n++;
            if ((img.getRGB(w - 1, y) & 0xFFFFFF) != 0xFFFFFF) n++;
        }
        return n;
    }
}
