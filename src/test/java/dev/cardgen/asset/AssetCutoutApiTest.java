package dev.cardgen.asset;

import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GET /api/v1/assets/{id}/cutout: the product with alpha, or the mask; caching; every refusal. */
@QuarkusTest
class AssetCutoutApiTest {

    /** The cut-out can be replaced, so it is revalidated (ETag, 304), not cached as immutable. */
    private static final String REVALIDATE = "private, no-cache";

    @Inject
    BlobStore blobs;

    @Test
    void theCutoutIsTheProductTrimmedToItsBoxPlusAMarginWithTheMaskAsAlpha() throws IOException {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1600, 1200), "bottle.jpg");
        Asset asset = QuarkusTransaction.requiringNew().call(() -> Asset.<Asset>findById(id));
        BufferedImage working = read(blobBytes(AssetBlobs.workingCopy(id)));

        byte[] maskPng = Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?format=mask").then()
                .statusCode(200).contentType("image/png")
                .header("ETag", "\"" + id + "-mask-v1-1\"").header("Cache-Control", REVALIDATE)
                .extract().asByteArray();
        BufferedImage mask = read(maskPng);
        assertEquals(working.getWidth(), mask.getWidth(), "the mask covers the whole working copy");
        assertEquals(working.getHeight(), mask.getHeight());
        assertEquals(1, mask.getColorModel().getNumComponents(), "greyscale");
        assertEquals(8, mask.getColorModel().getPixelSize(), "8 bits");

        byte[] png = Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout").then()
                .statusCode(200).contentType("image/png")
                .header("ETag", "\"" + id + "-cutout-v1-1\"").header("Cache-Control", REVALIDATE)
                .extract().asByteArray();
        BufferedImage cut = read(png);
        assertTrue(cut.getColorModel().hasAlpha());

        Rectangle box = asset.subjectBox();
        int margin = Math.max(4, (int) Math.round(0.02 * Math.max(box.width, box.height)));
        Rectangle outer = new Rectangle(box.x - margin, box.y - margin, box.width + 2 * margin, box.height + 2 * margin)
                .intersection(new Rectangle(0, 0, working.getWidth(), working.getHeight()));
        assertTrue(outer.width > box.width && outer.height > box.height, "this product leaves room for a margin");
        assertEquals(outer.width, cut.getWidth());
        assertEquals(outer.height, cut.getHeight());

        int opaque = 0;
        for (int y = 0; y < cut.getHeight(); y++) {
            for (int x = 0; x < cut.getWidth(); x++) {
                int wx = outer.x + x, wy = outer.y + y;
                int alpha = cut.getRGB(x, y) >>> 24;
                if (!box.contains(wx, wy)) {
                    assertEquals(0, alpha, "margin pixel " + x + "," + y + " is transparent");
                    continue;
                }
                int m = mask.getRaster().getSample(wx, wy, 0);
                assertEquals(m, alpha, "alpha is the mask at " + wx + "," + wy);
                if (alpha == 255) {
                    opaque++;
                    // Inside the product the colours are the working copy's own.
                    assertEquals(working.getRGB(wx, wy) & 0xFFFFFF, cut.getRGB(x, y) & 0xFFFFFF, "colour at " + wx + "," + wy);
                }
            }
        }
        assertTrue(opaque > box.width * box.height / 3, "the product itself is opaque: " + opaque);
    }

    @Test
    void anUnchangedCutoutAnswers304() {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        String cutoutTag = "\"" + id + "-cutout-v1-1\"";
        for (String given : new String[] {cutoutTag, "\"other\", W/" + cutoutTag, "*"}) {
            Api.as(acct.key()).header("If-None-Match", given).get("/api/v1/assets/" + id + "/cutout").then()
                    .statusCode(304).header("ETag", cutoutTag).header("Cache-Control", REVALIDATE).body(emptyString());
        }
        // The mask's tag is not the cut-out's.
        Api.as(acct.key()).header("If-None-Match", cutoutTag).get("/api/v1/assets/" + id + "/cutout?format=mask").then()
                .statusCode(200).header("ETag", "\"" + id + "-mask-v1-1\"");
        Api.as(acct.key()).header("If-None-Match", "\"stale\"").get("/api/v1/assets/" + id + "/cutout").then()
                .statusCode(200).header("ETag", cutoutTag);
    }

    @Test
    void refusalsUseTheErrorShape() {
        var acct = Api.newAccount();
        var other = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        String path = "/api/v1/assets/" + id + "/cutout";
        assertError(Api.as(acct.key()).get(path + "?format=jpeg").then(), 400, "invalid_request_error", "parameter_invalid", "format");
        assertError(Api.as(acct.key()).get(path + "?format=MASK").then(), 400, "invalid_request_error", "parameter_invalid", "format");
        assertError(Api.as(other.key()).get(path).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(other.key()).header("If-None-Match", "*").get(path + "?format=mask").then(), 404,
                "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(acct.key()).get("/api/v1/assets/ast_000000000000000000000000/cutout").then(), 404,
                "invalid_request_error", "resource_missing", "id");
        assertError(RestAssured.given().get(path).then(), 401, "authentication_error", "api_key_missing", null);
        java.util.Map<String, Object> documented = RestAssured.given().queryParam("format", "json").get("/q/openapi").then()
                .statusCode(200).body("paths.'/api/v1/assets/{asset_id}/cutout'.get.operationId", is("getAssetCutout"))
                .extract().path("paths.'/api/v1/assets/{asset_id}/cutout'.get.responses");
        assertEquals(java.util.Set.of("200", "304", "400", "401", "404", "409", "429", "500", "503"), documented.keySet());

        Api.as(acct.key()).delete("/api/v1/assets/" + id).then().statusCode(200);
        assertError(Api.as(acct.key()).get(path).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(acct.key()).get(path + "?format=mask").then(), 404, "invalid_request_error", "resource_missing", "id");
    }

    @Test
    void anAssetWithoutASubjectHasNoCutout() {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), jpeg(SyntheticPhotos.uniform(1000, 900, 3)), "wall.jpg");
        Api.as(acct.key()).get("/api/v1/assets/" + id).then().statusCode(200).body("subject_detected", is(false));
        for (String q : new String[] {"", "?format=mask", "?format=cutout"}) {
            assertError(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout" + q).then(), 409,
                    "invalid_request_error", "subject_not_detected", null);
        }
    }

    static byte[] jpeg(BufferedImage img) {
        return dev.cardgen.render.ImageEncoder.jpeg(img, 0.9f);
    }

    private byte[] blobBytes(String key) throws IOException {
        try (InputStream in = blobs.get(key)) {
            return in.readAllBytes();
        }
    }

    private static BufferedImage read(byte[] bytes) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(bytes));
        assertTrue(img != null, "a readable image");
        return img;
    }
}
