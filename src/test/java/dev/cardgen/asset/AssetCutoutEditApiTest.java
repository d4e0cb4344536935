package dev.cardgen.asset;

import dev.cardgen.generation.GenerationBlobs;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seller steers the cut-out: an upload's own alpha is the mask, a box hint cuts it out again, a
 * mask sent with PUT replaces it; each change is a new version that later generations use and
 * earlier ones never see.
 */
@QuarkusTest
class AssetCutoutEditApiTest {

    /** The hair: one pixel wide, opaque, dark, above the product. */
    private static final int HAIR_X = 600;
    private static final int HAIR_TOP = 150;
    private static final int HAIR_BOTTOM = 260;
    private static final int HAIR = 0x141414;
    private static final int BODY = 0xC82828;

    @Inject
    BlobStore blobs;

    @Test
    void anUploadedAlphaIsTheMaskExactlyAndItsHairSurvivesIntoTheCard() throws IOException {
        var acct = Api.newAccount();
        BufferedImage rgba = productWithHair(1200, 900);
        String id = Api.as(acct.key()).multiPart("file", "mug.png", png(rgba), "image/png").post("/api/v1/assets").then()
                .statusCode(201).body("subject_detected", is(true)).body("subject_source", is("alpha"))
                .body("cutout_version", is(1)).body("width", is(1200)).body("height", is(900))
                .extract().path("id");

        BufferedImage mask = read(get(acct.key(), id, "?format=mask"));
        assertEquals(1200, mask.getWidth(), "a photo within the working copy's size keeps its size");
        for (int y = 0; y < 900; y++) {
            for (int x = 0; x < 1200; x++) {
                assertEquals(rgba.getRGB(x, y) >>> 24, mask.getRaster().getSample(x, y, 0), "mask = alpha at " + x + "," + y);
            }
        }

        Asset asset = find(id);
        assertTrue(asset.workingPng, "the seller's edge colours are kept losslessly");
        Rectangle box = asset.subjectBox();
        assertEquals(HAIR_TOP, box.y, "the box reaches the hair's tip");
        BufferedImage cut = read(get(acct.key(), id, ""));
        int margin = Math.max(4, (int) Math.round(0.02 * Math.max(box.width, box.height)));
        int ox = box.x - margin, oy = box.y - margin;
        for (int y = HAIR_TOP; y < HAIR_BOTTOM; y++) {
            int p = cut.getRGB(HAIR_X - ox, y - oy);
            assertEquals(0xFF000000 | HAIR, p, "the hair at y " + y + " is opaque and its own colour");
            assertEquals(0, cut.getRGB(HAIR_X - 2 - ox, y - oy) >>> 24, "beside the hair is transparent");
        }
        // A soft edge keeps its colour: no decontamination replaces it.
        java.awt.Point rim = soft(rgba);
        int edge = cut.getRGB(rim.x - ox, rim.y - oy);
        assertEquals(rgba.getRGB(rim.x, rim.y) >>> 24, edge >>> 24);
        assertClose(BODY, edge & 0xFFFFFF, 2, "soft edge colour");

        String gen = completedGeneration(acct.key(), id);
        BufferedImage product = read(blob(GenerationBlobs.product(gen)));
        for (int y = HAIR_TOP; y < HAIR_BOTTOM; y++) {
            assertEquals(0xFF000000 | HAIR, product.getRGB(HAIR_X - box.x, y - box.y), "the card's product keeps the hair at y " + y);
        }
    }

    @Test
    void anOpaqueOrEmptyAlphaIsIgnoredAndTheStageDecides() throws IOException {
        var acct = Api.newAccount();
        BufferedImage opaque = ImageIO.read(new ByteArrayInputStream(Photos.productJpeg(1200, 900)));
        BufferedImage withAlpha = new BufferedImage(1200, 900, BufferedImage.TYPE_INT_ARGB);
        withAlpha.getGraphics().drawImage(opaque, 0, 0, null);
        Api.as(acct.key()).multiPart("file", "opaque.png", png(withAlpha), "image/png").post("/api/v1/assets").then()
                .statusCode(201).body("subject_source", is("auto")).body("subject_detected", is(true));
        BufferedImage clear = new BufferedImage(1200, 900, BufferedImage.TYPE_INT_ARGB);
        Api.as(acct.key()).multiPart("file", "clear.png", png(clear), "image/png").post("/api/v1/assets").then()
                .statusCode(201).body("subject_source", is("auto")).body("subject_detected", is(false));
    }

    @Test
    void aBoxHintCutsTheProductOutInsideTheBoxAsANewVersion() throws IOException {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1600, 1200), "bottle.jpg");
        Rectangle auto = find(id).subjectBox();
        String oldTag = get(acct.key(), id, "").header("ETag");

        Rectangle box = new Rectangle(auto.x - 30, auto.y - 30, auto.width + 60, auto.height + 60);
        Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("box", box(box)))
                .post("/api/v1/assets/" + id + "/cutout").then().statusCode(200)
                .body("id", is(id)).body("object", is("asset")).body("subject_detected", is(true))
                .body("subject_source", is("hint")).body("cutout_version", is(2));

        ExtractableResponse<Response> maskResponse = get(acct.key(), id, "?format=mask");
        assertEquals("\"" + id + "-mask-v1-2\"", maskResponse.header("ETag"));
        BufferedImage mask = read(maskResponse);
        int inside = 0;
        for (int y = 0; y < mask.getHeight(); y++) {
            for (int x = 0; x < mask.getWidth(); x++) {
                int m = mask.getRaster().getSample(x, y, 0);
                if (!box.contains(x, y)) {
                    assertEquals(0, m, "outside the box is backdrop at " + x + "," + y);
                } else if (m >= 128) {
                    inside++;
                }
            }
        }
        assertTrue(inside > auto.width * auto.height / 3, "the product is cut out: " + inside);
        // The old version's tag no longer matches: the client gets the new cut-out.
        Api.as(acct.key()).header("If-None-Match", oldTag).get("/api/v1/assets/" + id + "/cutout").then()
                .statusCode(200).header("ETag", "\"" + id + "-cutout-v1-2\"");
        Api.as(acct.key()).get("/api/v1/assets/" + id).then().statusCode(200).body("cutout_version", is(2));
        Api.as(acct.key()).get("/api/v1/assets?limit=1").then().statusCode(200)
                .body("data[0].id", is(id)).body("data[0].subject_source", is("hint")).body("data[0].cutout_version", is(2));
    }

    @Test
    void badHintsGetA400NamingTheFieldAndChangeNothing() {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        String path = "/api/v1/assets/" + id + "/cutout";
        Object[][] cases = {
                {Map.of(), "parameter_missing", "box"},
                {Map.of("box", Map.of("x", 0, "y", 0, "width", 100)), "parameter_missing", "box.height"},
                {Map.of("box", Map.of("x", 1.5, "y", 0, "width", 600, "height", 600)), "parameter_invalid", "box.x"},
                {Map.of("box", Map.of("x", "10", "y", 0, "width", 600, "height", 600)), "parameter_invalid", "box.x"},
                {Map.of("box", Map.of("x", 700, "y", 0, "width", 600, "height", 600)), "parameter_invalid", "box"},
                {Map.of("box", Map.of("x", -1, "y", 0, "width", 600, "height", 600)), "parameter_invalid", "box"},
                {Map.of("box", Map.of("x", 0, "y", 0, "width", 100, "height", 100)), "parameter_invalid", "box"},
                {Map.of("box", Map.of("x", 0, "y", 0, "width", 0, "height", 600)), "parameter_invalid", "box"},
                {Map.of("box", box(new Rectangle(0, 0, 600, 600)), "include", List.of(List.of(1200, 5))), "parameter_invalid", "include[0]"},
                {Map.of("box", box(new Rectangle(0, 0, 600, 600)), "exclude", List.of(List.of(5, 5), List.of(5))), "parameter_invalid", "exclude[1]"},
                {Map.of("box", box(new Rectangle(0, 0, 600, 600)), "color", "red"), "parameter_unknown", "color"},
        };
        for (Object[] c : cases) {
            assertError(Api.as(acct.key()).contentType(ContentType.JSON).body(c[0]).post(path).then(), 400,
                    "invalid_request_error", (String) c[1], (String) c[2]);
        }
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("[1,2]").post(path).then(), 400,
                "invalid_request_error", "invalid_json", null);
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("{\"box\":").post(path).then(), 400,
                "invalid_request_error", "invalid_json", null);
        Asset after = find(id);
        assertEquals(1, after.cutoutVersion, "no refused hint made a version");
        assertEquals(SubjectSource.AUTO, after.subjectSource);
        assertFalse(blobs.stat(AssetBlobs.mask(id, 2)).isPresent(), "no refused hint stored a mask");
    }

    @Test
    void anotherAccountsAssetIsMissingForEditsAndStaysUnchanged() {
        var acct = Api.newAccount();
        var other = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        String path = "/api/v1/assets/" + id + "/cutout";
        assertError(Api.as(other.key()).contentType(ContentType.JSON).body(Map.of("box", box(new Rectangle(0, 0, 600, 600))))
                .post(path).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(other.key()).contentType("image/png").body(maskPng(1200, 900, new Rectangle(100, 100, 300, 300)))
                .put(path).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(acct.key()).contentType("image/png").body(maskPng(1200, 900, new Rectangle(100, 100, 300, 300)))
                .put("/api/v1/assets/ast_000000000000000000000000/cutout").then(), 404, "invalid_request_error", "resource_missing", "id");
        Api.as(acct.key()).get("/api/v1/assets/" + id).then().statusCode(200)
                .body("cutout_version", is(1)).body("subject_source", is("auto"));
        assertFalse(blobs.stat(AssetBlobs.mask(id, 2)).isPresent());
    }

    @Test
    void aSentMaskReplacesTheCutoutAtEitherSize() throws IOException {
        var acct = Api.newAccount();
        // 2400x1800: the working copy is 1600x1200, so the photo's size and the working copy's differ.
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(2400, 1800), "bottle.jpg");
        String path = "/api/v1/assets/" + id + "/cutout";
        Rectangle small = new Rectangle(200, 150, 400, 500);
        Api.as(acct.key()).contentType("image/png").body(maskPng(1600, 1200, small)).put(path).then().statusCode(200)
                .body("subject_source", is("mask")).body("cutout_version", is(2)).body("subject_detected", is(true));
        BufferedImage mask = read(get(acct.key(), id, "?format=mask"));
        assertEquals(255, mask.getRaster().getSample(small.x, small.y, 0));
        assertEquals(0, mask.getRaster().getSample(small.x - 1, small.y, 0));
        assertEquals(new Rectangle(small), find(id).subjectBox(), "the box is the mask's");

        // At the photo's size, as the alpha of an RGBA PNG: scaled to the working copy.
        BufferedImage rgba = new BufferedImage(2400, 1800, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = rgba.createGraphics();
        g.setColor(Color.RED);
        g.fillRect(600, 600, 900, 600);
        g.dispose();
        Api.as(acct.key()).contentType("image/png").body(png(rgba)).put(path).then().statusCode(200)
                .body("subject_source", is("mask")).body("cutout_version", is(3));
        mask = read(get(acct.key(), id, "?format=mask"));
        assertEquals(1600, mask.getWidth());
        assertEquals(255, mask.getRaster().getSample(700, 500, 0), "inside the scaled rectangle");
        assertEquals(0, mask.getRaster().getSample(350, 350, 0), "outside it");
        Rectangle box = find(id).subjectBox();
        assertTrue(Math.abs(box.x - 400) <= 1 && Math.abs(box.width - 600) <= 2, "box " + box);
    }

    @Test
    void aWrongMaskGetsAClearErrorAndChangesNothing() throws IOException {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        String path = "/api/v1/assets/" + id + "/cutout";
        assertError(Api.as(acct.key()).contentType("image/png").body(Photos.productJpeg(1200, 900)).put(path).then(), 400,
                "invalid_request_error", "parameter_invalid", "mask");
        byte[] cutShort = maskPng(1200, 900, new Rectangle(100, 100, 300, 300));
        assertError(Api.as(acct.key()).contentType("image/png").body(java.util.Arrays.copyOf(cutShort, cutShort.length / 2)).put(path).then(),
                400, "invalid_request_error", "parameter_invalid", "mask");
        assertError(Api.as(acct.key()).contentType("image/png").body(new byte[0]).put(path).then(), 400,
                "invalid_request_error", "parameter_missing", "mask");
        assertError(Api.as(acct.key()).contentType("image/png").body(maskPng(640, 480, new Rectangle(10, 10, 300, 300))).put(path).then(),
                422, "invalid_request_error", "mask_size_mismatch", "mask");
        assertError(Api.as(acct.key()).contentType("image/png").body(maskPng(1200, 900, new Rectangle(0, 0, 1, 1))).put(path).then(),
                422, "invalid_request_error", "mask_empty", "mask");
        assertError(Api.as(acct.key()).contentType("image/png").body(maskPng(1200, 900, new Rectangle(0, 0, 1200, 900))).put(path).then(),
                422, "invalid_request_error", "mask_full", "mask");
        BufferedImage colour = new BufferedImage(1200, 900, BufferedImage.TYPE_INT_RGB);
        assertError(Api.as(acct.key()).contentType("image/png").body(png(colour)).put(path).then(),
                422, "invalid_request_error", "mask_invalid", "mask");
        assertEquals(1, find(id).cutoutVersion);
        assertFalse(blobs.stat(AssetBlobs.mask(id, 2)).isPresent());
    }

    @Test
    void generationsKeepTheVersionTheyWereCreatedWith() throws IOException {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        String first = completedGeneration(acct.key(), id);
        byte[] firstProduct = blob(GenerationBlobs.product(first));
        byte[] firstPreview = Api.as(acct.key()).get("/api/v1/generations/" + first + "/variants/0/preview").then()
                .statusCode(200).extract().asByteArray();

        // Created before the edit, perhaps run after it: still the version it was created with.
        String pending = createGeneration(acct.key(), id);
        Rectangle left = new Rectangle(100, 100, 300, 500);
        Api.as(acct.key()).contentType("image/png").body(maskPng(1200, 900, left)).put("/api/v1/assets/" + id + "/cutout")
                .then().statusCode(200).body("cutout_version", is(2));
        awaitCompleted(acct.key(), pending);
        assertArrayEquals(firstProduct, blob(GenerationBlobs.product(pending)), "the pending generation used version 1");

        String second = completedGeneration(acct.key(), id);
        BufferedImage product = read(blob(GenerationBlobs.product(second)));
        assertEquals(left.width, product.getWidth(), "a generation created after the edit uses the new mask");
        assertEquals(left.height, product.getHeight());
        assertArrayEquals(firstProduct, blob(GenerationBlobs.product(first)), "the first generation's product is untouched");
        assertArrayEquals(firstPreview, Api.as(acct.key()).get("/api/v1/generations/" + first + "/variants/0/preview").then()
                .statusCode(200).extract().asByteArray());
        assertEquals(1, generationVersion(first));
        assertEquals(2, generationVersion(second));
        Api.as(acct.key()).get("/api/v1/generations/" + pending).then().statusCode(200).body("cutout_version", is(1));
        Api.as(acct.key()).get("/api/v1/generations/" + second).then().statusCode(200).body("cutout_version", is(2));
    }

    @Test
    void idempotencyKeysReplayEditsWithoutANewVersion() {
        var acct = Api.newAccount();
        String id = Api.uploadJpeg(acct.key(), Photos.productJpeg(1200, 900), "bottle.jpg");
        Rectangle auto = find(id).subjectBox();
        String path = "/api/v1/assets/" + id + "/cutout";
        byte[] mask = maskPng(1200, 900, new Rectangle(100, 100, 300, 500));
        String body = Api.as(acct.key()).header("Idempotency-Key", "mask-1").contentType("image/png").body(mask).put(path).then()
                .statusCode(200).header("Idempotent-Replayed", nullValue()).body("cutout_version", is(2)).extract().asString();
        String replay = Api.as(acct.key()).header("Idempotency-Key", "mask-1").contentType("image/png").body(mask).put(path).then()
                .statusCode(200).header("Idempotent-Replayed", "true").extract().asString();
        assertEquals(body, replay);
        assertError(Api.as(acct.key()).header("Idempotency-Key", "mask-1").contentType("image/png")
                .body(maskPng(1200, 900, new Rectangle(100, 100, 400, 500))).put(path).then(), 422,
                "invalid_request_error", "idempotency_key_reused", null);

        Map<String, Object> hint = Map.of("box", box(new Rectangle(auto.x - 20, auto.y - 20, auto.width + 40, auto.height + 40)));
        Api.as(acct.key()).header("Idempotency-Key", "box-1").contentType(ContentType.JSON).body(hint).post(path).then()
                .statusCode(200).body("cutout_version", is(3));
        Api.as(acct.key()).header("Idempotency-Key", "box-1").contentType(ContentType.JSON).body(hint).post(path).then()
                .statusCode(200).header("Idempotent-Replayed", "true").body("cutout_version", is(3));
        assertEquals(3, find(id).cutoutVersion, "replays made no version");
    }

    @Test
    void anUploadTakesASubjectBoxOrRefusesABadOne() {
        var acct = Api.newAccount();
        String id = Api.as(acct.key()).multiPart("file", "bottle.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                .multiPart("subject_box", "300,100,1000,1000").post("/api/v1/assets").then().statusCode(201)
                .body("subject_source", is("hint")).body("subject_detected", is(true)).body("cutout_version", is(1))
                .extract().path("id");
        Rectangle box = find(id).subjectBox();
        assertTrue(new Rectangle(300, 100, 1000, 1000).contains(box), "the cut-out lies inside the box: " + box);

        for (String bad : new String[] {"1,2,3", "a,b,c,d", "0,0,10,10", "1000,0,1000,1000", "0,0,1600,1200,5", ""}) {
            assertError(Api.as(acct.key()).multiPart("file", "bottle.jpg", Photos.productJpeg(1200, 900), "image/jpeg")
                    .multiPart("subject_box", bad).post("/api/v1/assets").then(), 400, "invalid_request_error",
                    "parameter_invalid", "subject_box");
        }
        Api.as(acct.key()).get("/api/v1/assets").then().statusCode(200).body("data.size()", is(1));
    }

    // --- fixtures and helpers ---

    /** A red ellipse with a soft rim and a one-pixel dark hair above it, on a transparent backdrop whose hidden colour is black. */
    private static BufferedImage productWithHair(int w, int h) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(BODY));
        g.fill(new Ellipse2D.Double(350, 260, 500, 450));
        g.dispose();
        for (int y = HAIR_TOP; y < HAIR_BOTTOM; y++) {
            img.setRGB(HAIR_X, y, 0xFF000000 | HAIR);
        }
        return img;
    }

    /** A pixel of the ellipse's antialiased rim whose alpha is between 40 and 215. */
    private static java.awt.Point soft(BufferedImage img) {
        for (int y = HAIR_BOTTOM; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int a = img.getRGB(x, y) >>> 24;
                if (a > 40 && a < 215) {
                    return new java.awt.Point(x, y);
                }
            }
        }
        throw new AssertionError("the fixture has a soft rim");
    }

    private static Map<String, Object> box(Rectangle r) {
        return Map.of("x", r.x, "y", r.y, "width", r.width, "height", r.height);
    }

    static byte[] maskPng(int w, int h, Rectangle product) {
        BufferedImage m = new BufferedImage(w, h, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = m.createGraphics();
        g.setColor(Color.WHITE);
        g.fill(product);
        g.dispose();
        return png(m);
    }

    static byte[] png(BufferedImage img) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(img, "png", out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static ExtractableResponse<Response> get(String key, String id, String query) {
        return Api.as(key).get("/api/v1/assets/" + id + "/cutout" + query).then().statusCode(200).contentType("image/png").extract();
    }

    private static BufferedImage read(ExtractableResponse<Response> response) throws IOException {
        return read(response.asByteArray());
    }

    private static BufferedImage read(byte[] bytes) throws IOException {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(bytes));
        assertTrue(img != null, "a readable image");
        return img;
    }

    private byte[] blob(String key) throws IOException {
        try (InputStream in = blobs.get(key)) {
            return in.readAllBytes();
        }
    }

    private static Asset find(String id) {
        return QuarkusTransaction.requiringNew().call(() -> Asset.<Asset>findById(id));
    }

    private static int generationVersion(String id) {
        return QuarkusTransaction.requiringNew().call(() -> dev.cardgen.generation.Generation.<dev.cardgen.generation.Generation>findById(id).cutoutVersion);
    }

    private static String createGeneration(String key, String assetId) {
        return Api.text(Api.json(Api.as(key).contentType(ContentType.JSON).body(Map.of("asset_id", assetId, "variants", 1, "template", "studio"))
                .post("/api/v1/generations").then().statusCode(202)), "id");
    }

    private static void awaitCompleted(String key, String generationId) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100)).until(() -> "completed".equals(
                Api.json(Api.as(key).get("/api/v1/generations/" + generationId).then().statusCode(200)).path("status").asText()));
    }

    private static String completedGeneration(String key, String assetId) {
        String id = createGeneration(key, assetId);
        awaitCompleted(key, id);
        return id;
    }

    private static void assertClose(int expected, int actual, int tolerance, String what) {
        for (int shift = 0; shift <= 16; shift += 8) {
            int e = (expected >> shift) & 0xff;
            int a = (actual >> shift) & 0xff;
            assertTrue(Math.abs(e - a) <= tolerance, what + ": expected " + Integer.toHexString(expected) + ", got " + Integer.toHexString(actual));
        }
    }
}
