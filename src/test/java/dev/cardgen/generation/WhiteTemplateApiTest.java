package dev.cardgen.generation;

import dev.cardgen.export.Preset;
import dev.cardgen.render.WhiteTemplateTest;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The white main-image template through the API: listed, refused without a subject, pure white at every preset. */
@QuarkusTest
class WhiteTemplateApiTest {

    @Test
    void whiteCardsHaveAPureWhiteFrameOnThePreviewAndOnEveryPresetsPng() throws IOException {
        Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/templates").then().statusCode(200).body("data.id", hasItem("white"));
        var acct = Api.newAccount();
        String asset = Api.uploadJpeg(acct.key(), Photos.productJpeg(1600, 1200), "bottle.jpg");
        Map<String, Object> text = Map.of("title", "Glass bottle", "facts", List.of("750 ml"), "badge", "NEW");
        String gen = Api.as(acct.key()).contentType(ContentType.JSON)
                .body(Map.of("asset_id", asset, "template", "white", "variants", 1, "ratio", "3:4", "text", text))
                .post("/api/v1/generations").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                "completed".equals(Api.as(acct.key()).get("/api/v1/generations/" + gen).then().statusCode(200).extract().path("status")));
        // Texts given with white are kept in the record (the decision: accepted, stored, not drawn).
        Api.as(acct.key()).get("/api/v1/generations/" + gen).then()
                .body("template", is("white")).body("text.title", is("Glass bottle"))
                .body("text.facts", is(List.of("750 ml"))).body("text.badge", is("NEW"));

        BufferedImage preview = read(Api.as(acct.key()).get("/api/v1/generations/" + gen + "/variants/0/preview").then()
                .statusCode(200).contentType("image/jpeg").extract().asByteArray());
        assertEquals(600, preview.getWidth());
        WhiteTemplateTest.assertWhiteBorder(preview, "preview");
        assertTrue(WhiteTemplateTest.coverage(preview) >= 0.85, "preview coverage " + WhiteTemplateTest.coverage(preview));

        List<String> exports = new ArrayList<>();
        for (Preset p : Preset.values()) {
            exports.add(Api.as(acct.key()).contentType(ContentType.JSON)
                    .body(Map.of("generation_id", gen, "variant", 0, "preset", p.id(), "format", "png"))
                    .post("/api/v1/exports").then().statusCode(202).extract().path("id"));
        }
        for (int i = 0; i < exports.size(); i++) {
            Preset p = Preset.values()[i];
            String id = exports.get(i);
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() ->
                    "ready".equals(Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200).extract().path("status")));
            BufferedImage png = read(Api.as(acct.key()).get("/api/v1/exports/" + id + "/file").then().statusCode(200)
                    .contentType("image/png").extract().asByteArray());
            assertEquals(p.defaultWidth(), png.getWidth(), p.id());
            assertEquals(p.heightFor(p.defaultWidth()), png.getHeight(), p.id());
            WhiteTemplateTest.assertWhiteBorder(png, p.id());
            double c = WhiteTemplateTest.coverage(png);
            assertTrue(c >= 0.85 && c <= 0.95, p.id() + " coverage " + c);
        }
    }

    @Test
    void withoutADetectedSubjectWhiteIsRefusedAtCreateAndNoQuotaIsTaken() {
        var acct = Api.newAccount();
        Api.admin().body(Map.of("monthly_allowance", 1)).post("/admin/v1/accounts/" + acct.id()).then().statusCode(200);
        String asset = Api.uploadJpeg(acct.key(), dev.cardgen.render.ImageEncoder.jpeg(SyntheticPhotos.uniform(1000, 900, 3), 0.9f), "wall.jpg");
        Api.as(acct.key()).get("/api/v1/assets/" + asset).then().body("subject_detected", is(false));
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "white-1")
                        .body(Map.of("asset_id", asset, "template", "white", "variants", 1)).post("/api/v1/generations").then(),
                409, "invalid_request_error", "subject_not_detected", null);
        Api.as(acct.key()).get("/api/v1/generations?asset_id=" + asset).then().statusCode(200).body("data.size()", is(0));
        // The one unit of the allowance is still there, and the key was not used up: another template may use both.
        Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "white-1").body(Map.of("asset_id", asset, "template", "studio", "variants", 1))
                .post("/api/v1/generations").then().statusCode(202);
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "template", "studio", "variants", 1))
                .post("/api/v1/generations").then(), 429, "rate_limit_error", "quota_exceeded", null);
    }

    private static BufferedImage read(byte[] bytes) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(bytes));
        assertTrue(img != null, "a readable image");
        return img;
    }
}
