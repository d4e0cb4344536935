package dev.cardgen.asset;

import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.FinePrint;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.emptyString;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GET /api/v1/assets/{id}/cutout?size=full: the cut-out at the original photo's resolution, its caching and refusals. */
@QuarkusTest
class AssetFullCutoutApiTest {

    private static final String REVALIDATE = "private, no-cache";
    private static final int PHOTO = 3200;

    @Inject
    BlobStore blobs;

    @Test
    void fullSizeIsTheProductAtTheOriginalsResolutionTrimmedToItsBoxPlusAMargin() throws IOException {
        var acct = Api.newAccount();
        byte[] jpeg = FinePrint.jpeg(FinePrint.photo(PHOTO), 0.92f);
        String id = Api.uploadJpeg(acct.key(), jpeg, "label.jpg");
        Asset asset = QuarkusTransaction.requiringNew().call(() -> Asset.<Asset>findById(id));
        String etag = "\"" + id + "-cutout-full-v1-1\"";

        byte[] png = Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=full").then()
                .statusCode(200).contentType("image/png").header("ETag", etag).header("Cache-Control", REVALIDATE)
                .extract().asByteArray();
        BufferedImage full = read(png);
        assertTrue(full.getColorModel().hasAlpha());
        Rectangle box = asset.subjectBox();
        Rectangle photoBox = inPhoto(box, PHOTO / 1600.0);
        Rectangle outer = AssetCutouts.withMargin(photoBox, PHOTO, PHOTO);
        assertEquals(outer.width, full.getWidth());
        assertEquals(outer.height, full.getHeight());

        // Transparent margin; the label's pixels are the original's own (JPEG decoded twice: within rounding).
        BufferedImage original = ImageIO.read(new ByteArrayInputStream(jpeg));
        long diff = 0;
        int n = 0;
        for (int y = 0; y < full.getHeight(); y++) {
            for (int x = 0; x < full.getWidth(); x++) {
                int px = full.getRGB(x, y), ox = outer.x + x, oy = outer.y + y;
                if (!photoBox.contains(ox, oy) || x < 2 || y < 2 || x >= full.getWidth() - 2 || y >= full.getHeight() - 2) {
                    if (!new Rectangle(photoBox.x - 1, photoBox.y - 1, photoBox.width + 2, photoBox.height + 2).contains(ox, oy)) {
                        assertEquals(0, px >>> 24, "margin pixel " + x + "," + y);
                    }
                    continue;
                }
                boolean label = ox >= 0.345 * PHOTO && ox < 0.655 * PHOTO && oy >= 0.42 * PHOTO && oy < 0.64 * PHOTO;
                if (label) {
                    assertEquals(255, px >>> 24, "the label is opaque at " + x + "," + y);
                    int o = original.getRGB(ox, oy);
                    for (int s = 0; s <= 16; s += 8) {
                        diff += Math.abs(((px >> s) & 255) - ((o >> s) & 255));
                    }
                    n += 3;
                }
            }
        }
        assertTrue(n > 100_000, "label pixels compared: " + n);
        assertTrue(diff / (double) n < 1.0, "mean difference from the original's pixels: " + diff / (double) n);

        // Stored once per version; revalidated by its ETag.
        assertTrue(blobs.stat(AssetBlobs.fullCutout(id, 1)).isPresent());
        Api.as(acct.key()).header("If-None-Match", etag).get("/api/v1/assets/" + id + "/cutout?size=full").then()
                .statusCode(304).header("ETag", etag).header("Cache-Control", REVALIDATE).body(emptyString());
        byte[] again = Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=full").then().statusCode(200)
                .extract().asByteArray();
        assertEquals(png.length, again.length);
        // The default is as before: working-copy size, its own ETag, which does not validate the full one.
        BufferedImage working = read(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=working").then()
                .statusCode(200).header("ETag", "\"" + id + "-cutout-v1-1\"").extract().asByteArray());
        Rectangle workingOuter = AssetCutouts.withMargin(box, 1600, 1600);
        assertEquals(workingOuter.width, working.getWidth());
        Api.as(acct.key()).header("If-None-Match", "\"" + id + "-cutout-v1-1\"").get("/api/v1/assets/" + id + "/cutout?size=full")
                .then().statusCode(200);
    }

    @Test
    void theUploadsOwnAlphaIsTheFullCutoutsAlphaAndASellersMaskMakesANewVersion() throws IOException {
        var acct = Api.newAccount();
        int size = 2000;
        BufferedImage photo = FinePrint.photo(size);
        BufferedImage alpha = FinePrint.mask(size, size, size);
        BufferedImage rgba = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        for (int y = 0; y < size; y++) {
            for (int x = 0; x < size; x++) {
                rgba.setRGB(x, y, alpha.getRaster().getSample(x, y, 0) << 24 | (photo.getRGB(x, y) & 0xffffff));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(rgba, "png", out);
        String id = Api.as(acct.key()).multiPart("file", "label.png", out.toByteArray(), "image/png").post("/api/v1/assets").then()
                .statusCode(201).body("subject_source", is("alpha")).extract().path("id");

        BufferedImage full = read(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=full").then().statusCode(200)
                .header("ETag", "\"" + id + "-cutout-full-v1-1\"").extract().asByteArray());
        Asset asset = QuarkusTransaction.requiringNew().call(() -> Asset.<Asset>findById(id));
        double k = size / 1600.0;
        Rectangle box = asset.subjectBox();
        Rectangle photoBox = inPhoto(box, k);
        Rectangle outer = AssetCutouts.withMargin(photoBox, size, size);
        assertEquals(outer.width, full.getWidth());
        int compared = 0;
        for (int y = 2; y < full.getHeight() - 2; y++) {
            for (int x = 2; x < full.getWidth() - 2; x++) {
                int ox = outer.x + x, oy = outer.y + y;
                if (ox < photoBox.x + 2 || oy < photoBox.y + 2 || ox >= photoBox.getMaxX() - 2 || oy >= photoBox.getMaxY() - 2) {
                    continue;
                }
                assertEquals(alpha.getRaster().getSample(ox, oy, 0), full.getRGB(x, y) >>> 24, "alpha at " + ox + "," + oy);
                compared++;
            }
        }
        assertTrue(compared > 500_000, "pixels compared: " + compared);

        // A seller's mask (the product's upper half) is version 2: the full cut-out follows it, under a new ETag.
        BufferedImage mask = new BufferedImage(1600, 1600, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = mask.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(box.x, box.y, box.width, box.height / 2);
        g.dispose();
        ByteArrayOutputStream maskPng = new ByteArrayOutputStream();
        ImageIO.write(mask, "png", maskPng);
        Api.as(acct.key()).contentType("image/png").body(maskPng.toByteArray()).put("/api/v1/assets/" + id + "/cutout").then()
                .statusCode(200).body("cutout_version", is(2)).body("subject_source", is("mask"));
        BufferedImage v2 = read(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=full").then().statusCode(200)
                .header("ETag", "\"" + id + "-cutout-full-v1-2\"").extract().asByteArray());
        Rectangle half = AssetCutouts.withMargin(inPhoto(new Rectangle(box.x, box.y, box.width, box.height / 2), k), size, size);
        assertEquals(half.width, v2.getWidth());
        assertEquals(half.height, v2.getHeight());
        assertEquals(255, v2.getRGB(v2.getWidth() / 2, v2.getHeight() / 2) >>> 24, "inside the seller's mask");
        assertEquals(0, v2.getRGB(v2.getWidth() / 2, v2.getHeight() - 1) >>> 24, "below it");
    }

    @Test
    void badSizesOtherAccountsAndUnknownAssetsAreRefused() {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), FinePrint.jpeg(FinePrint.photo(1800), 0.9f), "label.jpg");
        assertError(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=huge").then(), 400, "invalid_request_error",
                "parameter_invalid", "size");
        assertError(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=FULL").then(), 400, "invalid_request_error",
                "parameter_invalid", "size");
        assertError(Api.as(acct.key()).get("/api/v1/assets/" + id + "/cutout?size=full&format=mask").then(), 400,
                "invalid_request_error", "parameter_invalid", "size");
        var other = Api.newAccount();
        assertError(Api.as(other.key()).get("/api/v1/assets/" + id + "/cutout?size=full").then(), 404, "invalid_request_error",
                "resource_missing", "id");
        assertError(Api.as(acct.key()).get("/api/v1/assets/ast_000000000000000000000000/cutout?size=full").then(), 404,
                "invalid_request_error", "resource_missing", "id");
        assertError(io.restassured.RestAssured.given().get("/api/v1/assets/" + id + "/cutout?size=full").then(), 401,
                "authentication_error", "api_key_missing", null);
    }

    /** A working-copy box in the photo's pixels, as the service maps it ({@code k}: photo pixels per working pixel). */
    private static Rectangle inPhoto(Rectangle box, double k) {
        return new Rectangle((int) Math.round(box.x * k), (int) Math.round(box.y * k), (int) Math.round(box.width * k),
                (int) Math.round(box.height * k));
    }

    private static BufferedImage read(byte[] png) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertTrue(img != null, "a readable PNG");
        return img;
    }
}
