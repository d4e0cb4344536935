package dev.cardgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.generation.GenerationBlobs;
import dev.cardgen.generation.GenerationVariant;
import dev.cardgen.render.Box;
import dev.cardgen.render.Design;
import dev.cardgen.render.Layout;
import dev.cardgen.render.LayoutEngine;
import dev.cardgen.generation.KeptProducts;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.HeldWorkers;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.TestClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class ExportApiTest {

    private static final String ISO = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ";

    @Inject
    BlobStore blobs;
    @Inject
    ObjectMapper json;
    @Inject
    TestClock clock;
    @Inject
    HeldWorkers heldWorkers;
    @Inject
    KeptProducts keptProducts;

    /** One account with one completed 3:4 generation, shared by the tests that only read from it. */
    private static Api.TestAccount shared;
    private static String sharedGeneration;

    private static synchronized Api.TestAccount shared() {
        if (shared == null) {
            shared = Api.newAccount();
            sharedGeneration = ExportFixtures.completedGeneration(shared.key());
        }
        return shared;
    }

    private static Map<String, Object> body(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void createAnswers202ProcessingWithoutFileFieldsThenReadyWithThem() {
        var acct = shared();
        String id = ExportFixtures.create(acct.key(), body("generation_id", sharedGeneration, "preset", "market1-3x4"))
                .statusCode(202)
                .body("$", aMapWithSize(11))
                .body("id", matchesPattern("exp_[0-9A-Za-z]{24}"))
                .body("object", is("export"))
                .body("status", is("processing"))
                .body("project_id", is(acct.defaultProjectId()))
                .body("generation_id", is(sharedGeneration))
                .body("variant", is(0))
                .body("preset", is("market1-3x4"))
                .body("format", is("png"))
                .body("width", is(1200)).body("height", is(1600))
                .body("created_at", matchesPattern(ISO))
                .body("$", not(hasKey("bytes"))).body("$", not(hasKey("download_url"))).body("$", not(hasKey("expires_at")))
                .extract().path("id");
        ExportFixtures.awaitReady(acct.key(), id);
        Instant before = Instant.now();
        var ready = Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200)
                .body("$", aMapWithSize(17))
                .body("status", is("ready"))
                .body("checks.rule", is(List.of("ratio", "size", "format", "file_size", "srgb", "product_resolution")))
                .body("checks.passed[0..4]", is(List.of(true, true, true, true, true)))
                .body("product_scale", org.hamcrest.Matchers.greaterThan(0f))
                .body("bytes", org.hamcrest.Matchers.greaterThan(1000))
                .body("download_url", matchesPattern("http://[^/]+/api/v1/exports/" + id + "/file\\?expires=\\d+&signature=[A-Za-z0-9_-]+"))
                .body("expires_at", matchesPattern(ISO))
                .body("completed_at", matchesPattern(ISO)).extract().jsonPath();
        assertEquals(ExportChecksApiTest.resolution(ready), ready.getMap("checks[5]"));
        String expiresAt = Api.as(acct.key()).get("/api/v1/exports/" + id).then().extract().path("expires_at");
        Duration ttl = Duration.between(before, Instant.parse(expiresAt));
        assertTrue(ttl.compareTo(Duration.ofHours(24).minusSeconds(5)) > 0 && ttl.compareTo(Duration.ofHours(24).plusSeconds(5)) < 0, ttl.toString());
    }

    /**
     * Right after its generation an export draws the product the generation kept in memory (here with the stored copy
     * away, so it can only be that); once other products have taken the kept places (two by default), it decodes the
     * copy the generation stored. The file is the same.
     */
    @Test
    void anExportFromTheKeptProductIsTheFileOneFromTheStoredCopyIs() throws IOException {
        Api.TestAccount acct = Api.newAccount();
        String gen = ExportFixtures.completedGeneration(acct.key());
        assertTrue(keptProducts.imageOf(gen).isPresent(), "kept after its generation");
        byte[] copy;
        try (InputStream in = blobs.get(GenerationBlobs.product(gen))) {
            copy = in.readAllBytes();
        }
        blobs.delete(GenerationBlobs.product(gen));
        String kept = ExportFixtures.readyExport(acct.key(), body("generation_id", gen, "preset", "market1-3x4"));
        blobs.put(GenerationBlobs.product(gen), copy, "image/png");
        keepOthers(acct.key(), gen);
        String stored = ExportFixtures.readyExport(acct.key(), body("generation_id", gen, "preset", "market1-3x4"));
        byte[] fromKept = Api.as(acct.key()).get("/api/v1/exports/" + kept + "/file").then().statusCode(200).extract().asByteArray();
        byte[] fromStored = Api.as(acct.key()).get("/api/v1/exports/" + stored + "/file").then().statusCode(200).extract().asByteArray();
        assertTrue(fromKept.length > 10_000, "a card's PNG: " + fromKept.length + " bytes");
        assertArrayEquals(fromKept, fromStored);
    }

    /** Two generations of new assets, whose products take the kept places (two by default) from {@code gen}'s. */
    private void keepOthers(String key, String gen) {
        for (int i = 0; i < 2; i++) {
            ExportFixtures.completedGeneration(key);
        }
        assertTrue(keptProducts.imageOf(gen).isEmpty(), "two newer products took the kept places");
    }

    @Test
    void everyPresetWidthAndFormatGivesAFileOfExactlyThatSizeAndFormat() throws IOException {
        var acct = shared();
        record Case(String preset, int width, int height, String format, String id) {
        }
        int[][] sizes = {{1200, 1600}, {2400, 3200}};
        List<Case> cases = new ArrayList<>();
        Map<String, int[][]> presets = new LinkedHashMap<>();
        presets.put("market1-3x4", sizes);
        presets.put("market2-3x4", sizes);
        presets.put("market3-3x4", new int[][]{{1200, 1600}});
        presets.put("market4-1x1", new int[][]{{1200, 1200}, {2000, 2000}});
        presets.put("market5-1x1", new int[][]{{1200, 1200}});
        presets.put("stories-9x16", new int[][]{{1080, 1920}});
        for (var p : presets.entrySet()) {
            for (int[] wh : p.getValue()) {
                for (String format : List.of("png", "jpeg")) {
                    JsonNode created = Api.json(ExportFixtures.create(acct.key(), body("generation_id", sharedGeneration, "variant", 0,
                                    "preset", p.getKey(), "format", format, "width", wh[0])).statusCode(202));
                    assertEquals(wh[0], created.path("width").asInt(), created.toString());
                    assertEquals(wh[1], created.path("height").asInt(), created.toString());
                    cases.add(new Case(p.getKey(), wh[0], wh[1], format, Api.text(created, "id")));
                }
            }
        }
        assertEquals(18, cases.size());
        for (Case c : cases) {
            ExportFixtures.awaitReady(acct.key(), c.id());
            int bytes = Api.json(Api.as(acct.key()).get("/api/v1/exports/" + c.id()).then().statusCode(200)).path("bytes").asInt();
            String ext = c.format().equals("png") ? "png" : "jpg";
            ExtractableResponse<Response> file = Api.as(acct.key()).get("/api/v1/exports/" + c.id() + "/file").then()
                    .statusCode(200)
                    .header("Content-Type", "image/" + c.format())
                    .header("Content-Length", String.valueOf(bytes))
                    .header("Content-Disposition", containsString("attachment; filename=\"" + c.preset() + "-" + c.id() + "." + ext + "\""))
                    .header("ETag", matchesPattern("\"[^\"]+\""))
                    .header("Accept-Ranges", "bytes")
                    .extract();
            byte[] data = file.asByteArray();
            assertEquals(bytes, data.length);
            assertEquals(c.format().equals("png") ? "png" : "JPEG", formatName(data), c.toString());
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(data));
            assertEquals(c.width(), img.getWidth(), c.toString());
            assertEquals(c.height(), img.getHeight(), c.toString());
        }
    }

    @Test
    void aThreeByFourVariantIsLaidOutAgainForSquareAndStoriesWithEverythingInsideTheFrame() throws IOException {
        var acct = shared();
        Design design = QuarkusTransaction.requiringNew().call(() -> {
            GenerationVariant v = GenerationVariant.findById(new GenerationVariant.Key(sharedGeneration, 0));
            return json.readValue(v.design, Design.class);
        });
        assertEquals("3:4", design.ratio());
        BufferedImage cutout;
        try (InputStream in = blobs.get(GenerationBlobs.product(sharedGeneration))) {
            cutout = ImageIO.read(in);
        }
        for (String preset : List.of("market4-1x1", "stories-9x16")) {
            String id = ExportFixtures.readyExport(acct.key(), body("generation_id", sharedGeneration, "preset", preset));
            byte[] data = Api.as(acct.key()).get("/api/v1/exports/" + id + "/file").then().statusCode(200).extract().asByteArray();
            BufferedImage img = ImageIO.read(new ByteArrayInputStream(data));
            Preset p = Preset.parse(preset).orElseThrow();
            assertEquals(p.defaultWidth(), img.getWidth());
            assertEquals(p.heightFor(p.defaultWidth()), img.getHeight());

            Layout layout = LayoutEngine.layout(ExportJob.reRatio(design, p.ratio().id()),
                    (double) cutout.getWidth() / cutout.getHeight(), img.getWidth(), img.getHeight());
            Box canvas = new Box(0, 0, img.getWidth(), img.getHeight());
            assertNotNull(layout.product(), preset);
            assertNotNull(layout.title(), preset + ": the title is placed");
            for (Box b : layout.boxes()) {
                assertTrue(b.inside(canvas), preset + ": " + b + " inside " + canvas);
            }
            assertProductPaintedIn(img, layout.product(), cutout, preset);
        }
    }

    /** Where the cut-out is opaque, the export shows the product's colours, not the backdrop's. */
    private static void assertProductPaintedIn(BufferedImage img, Box box, BufferedImage cutout, String what) {
        int corner = img.getRGB(2, 2);
        int samples = 0;
        long diffToProduct = 0;
        long diffToBackdrop = 0;
        for (int gy = 1; gy < 20; gy++) {
            for (int gx = 1; gx < 20; gx++) {
                int x = box.x() + box.w() * gx / 20;
                int y = box.y() + box.h() * gy / 20;
                int cx = cutout.getWidth() * gx / 20;
                int cy = cutout.getHeight() * gy / 20;
                int c = cutout.getRGB(cx, cy);
                if ((c >>> 24) < 250) {
                    continue;
                }
                samples++;
                diffToProduct += colourDistance(img.getRGB(x, y), c);
                diffToBackdrop += colourDistance(img.getRGB(x, y), corner);
            }
        }
        assertTrue(samples > 20, what + ": opaque product samples " + samples);
        assertTrue(diffToProduct / samples < 60, what + ": export matches the product inside its box (" + diffToProduct / samples + ")");
        assertTrue(diffToBackdrop / samples > diffToProduct / samples, what + ": product differs from the backdrop");
    }

    private static int colourDistance(int a, int b) {
        return Math.abs(((a >> 16) & 255) - ((b >> 16) & 255)) + Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) + Math.abs((a & 255) - (b & 255));
    }

    private static String formatName(byte[] data) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(data))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            assertTrue(readers.hasNext());
            return readers.next().getFormatName();
        }
    }

    @Test
    void invalidRequestsNameTheField() {
        var acct = shared();
        String key = acct.key();
        String gen = sharedGeneration;
        assertError(ExportFixtures.create(key, body("preset", "market1-3x4")), 400, "invalid_request_error", "parameter_missing", "generation_id");
        assertError(ExportFixtures.create(key, body("generation_id", gen)), 400, "invalid_request_error", "parameter_missing", "preset");
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market9-3x4")), 400, "invalid_request_error", "parameter_invalid", "preset");
        ExportFixtures.create(key, body("generation_id", gen, "preset", "market9-3x4")).body("error.message",
                containsString("market1-3x4, market2-3x4, market3-3x4, market4-1x1, market5-1x1, stories-9x16"));
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market3-3x4", "width", 2400)), 400, "invalid_request_error", "parameter_invalid", "width");
        ExportFixtures.create(key, body("generation_id", gen, "preset", "market3-3x4", "width", 2400)).body("error.message", containsString("1200"));
        ExportFixtures.create(key, body("generation_id", gen, "preset", "market4-1x1", "width", 1000)).statusCode(400)
                .body("error.param", is("width")).body("error.message", containsString("1200, 2000"));
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market1-3x4", "format", "webp")), 400, "invalid_request_error", "parameter_invalid", "format");
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market1-3x4", "variant", 1)), 400, "invalid_request_error", "parameter_invalid", "variant");
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market1-3x4", "variant", 9)), 400, "invalid_request_error", "parameter_invalid", "variant");
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market1-3x4", "variant", -1)), 400, "invalid_request_error", "parameter_invalid", "variant");
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market1-3x4", "variant", "first")), 400, "invalid_request_error", "parameter_invalid", "variant");
        assertError(ExportFixtures.create(key, body("generation_id", gen, "preset", "market1-3x4", "height", 1600)), 400, "invalid_request_error", "parameter_unknown", "height");
        assertError(Api.as(key).contentType(ContentType.JSON).body("[1]").post("/api/v1/exports").then(), 400, "invalid_request_error", "invalid_json", null);
        assertError(Api.as(key).contentType(ContentType.JSON).body("{\"preset\":").post("/api/v1/exports").then(), 400, "invalid_request_error", "invalid_json", null);
    }

    @Test
    void unknownOrForeignOrUnfinishedGenerations() {
        var acct = shared();
        var other = Api.newAccount();
        assertError(ExportFixtures.create(acct.key(), body("generation_id", "gen_000000000000000000000000", "preset", "market1-3x4")),
                404, "invalid_request_error", "resource_missing", "generation_id");
        assertError(ExportFixtures.create(acct.key(), body("generation_id", "../etc", "preset", "market1-3x4")),
                404, "invalid_request_error", "resource_missing", "generation_id");
        assertError(ExportFixtures.create(other.key(), body("generation_id", sharedGeneration, "preset", "market1-3x4")),
                404, "invalid_request_error", "resource_missing", "generation_id");

        String asset = ExportFixtures.uploadAsset(other.key());
        String gen;
        // Every worker is held, so the generation is still queued at its cancel, however fast it would run.
        try (HeldWorkers.Hold hold = heldWorkers.holdAll()) {
            gen = Api.as(other.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 1))
                    .post("/api/v1/generations").then().statusCode(202).extract().path("id");
            Api.as(other.key()).post("/api/v1/generations/" + gen + "/cancel").then().statusCode(200)
                    .body("status", is("failed")).body("error.code", is("canceled"));
        }
        assertError(ExportFixtures.create(other.key(), body("generation_id", gen, "preset", "market1-3x4")),
                409, "invalid_request_error", "generation_not_completed", null);
    }

    @Test
    void readsAreScopedToTheAccount() {
        var acct = shared();
        var other = Api.newAccount();
        String id = ExportFixtures.readyExport(acct.key(), body("generation_id", sharedGeneration, "preset", "market5-1x1"));
        // Downloaded once by its owner first, so the in-memory record of the ready file exists.
        Api.as(acct.key()).get("/api/v1/exports/" + id + "/file").then().statusCode(200);
        assertError(Api.as(other.key()).get("/api/v1/exports/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(other.key()).get("/api/v1/exports/" + id + "/file").then(), 404, "invalid_request_error", "resource_missing", "id");
        // The list filter takes the owner's generation id from another account as the id of nothing.
        Api.as(acct.key()).get("/api/v1/exports?generation_id=" + sharedGeneration + "&limit=100").then().statusCode(200)
                .body("data.id", hasItem(id));
        Api.as(other.key()).get("/api/v1/exports?generation_id=" + sharedGeneration).then().statusCode(200)
                .body("data", hasSize(0)).body("has_more", is(false));
        assertError(Api.as(acct.key()).get("/api/v1/exports/exp_000000000000000000000000").then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(RestAssured.get("/api/v1/exports/" + id + "/file").then(), 401, "authentication_error", "api_key_missing", null);
        assertError(RestAssured.get("/api/v1/exports/" + id).then(), 401, "authentication_error", "api_key_missing", null);
    }

    @Test
    void signedDownloadUrlWorksWithoutAKeyUntilItExpires() {
        var acct = shared();
        String id = ExportFixtures.readyExport(acct.key(), body("generation_id", sharedGeneration, "preset", "market3-3x4", "format", "jpeg"));
        String otherId = ExportFixtures.readyExport(acct.key(), body("generation_id", sharedGeneration, "preset", "market3-3x4"));
        String url = Api.as(acct.key()).get("/api/v1/exports/" + id).then().extract().path("download_url");
        byte[] withKey = Api.as(acct.key()).get("/api/v1/exports/" + id + "/file").then().statusCode(200).extract().asByteArray();

        byte[] signed = RestAssured.given().urlEncodingEnabled(false).get(url).then().statusCode(200)
                .header("Content-Type", "image/jpeg").extract().asByteArray();
        assertArrayEquals(withKey, signed);

        String sig = url.substring(url.indexOf("signature=") + "signature=".length());
        String flipped = (sig.charAt(0) == 'A' ? "B" : "A") + sig.substring(1);
        assertError(RestAssured.given().urlEncodingEnabled(false).get(url.replace(sig, flipped)).then(), 403, "permission_error", "url_signature_invalid", null);
        assertError(RestAssured.given().urlEncodingEnabled(false).get(url.replace(id, otherId)).then(), 403, "permission_error", "url_signature_invalid", null);
        String expires = url.replaceAll(".*expires=(\\d+).*", "$1");
        assertError(RestAssured.given().urlEncodingEnabled(false).get(url.replace("expires=" + expires, "expires=" + (Long.parseLong(expires) + 3600))).then(),
                403, "permission_error", "url_signature_invalid", null);
        assertError(RestAssured.given().urlEncodingEnabled(false).get(url.replace("expires=" + expires + "&", "")).then(), 403, "permission_error", "url_signature_invalid", null);

        clock.advanceWhenIdle(Duration.ofHours(25));
        try {
            assertError(RestAssured.given().urlEncodingEnabled(false).get(url).then(), 403, "permission_error", "url_expired", null);
            // The export stays; a new read gives a new link, valid 24 h from now.
            String fresh = Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200).extract().path("download_url");
            assertNotEquals(url, fresh);
            RestAssured.given().urlEncodingEnabled(false).get(fresh).then().statusCode(200);
        } finally {
            clock.reset();
        }
    }

    @Test
    void rangeRequestsGetExactlyTheRequestedBytes() {
        var acct = shared();
        String id = ExportFixtures.readyExport(acct.key(), body("generation_id", sharedGeneration, "preset", "market5-1x1"));
        String path = "/api/v1/exports/" + id + "/file";
        byte[] full = Api.as(acct.key()).get(path).then().statusCode(200).extract().asByteArray();
        int n = full.length;

        byte[] part = Api.as(acct.key()).header("Range", "bytes=100-1099").get(path).then().statusCode(206)
                .header("Content-Range", "bytes 100-1099/" + n).header("Content-Length", "1000").extract().asByteArray();
        assertArrayEquals(Arrays.copyOfRange(full, 100, 1100), part);
        byte[] tail = Api.as(acct.key()).header("Range", "bytes=-500").get(path).then().statusCode(206)
                .header("Content-Range", "bytes " + (n - 500) + "-" + (n - 1) + "/" + n).extract().asByteArray();
        assertArrayEquals(Arrays.copyOfRange(full, n - 500, n), tail);
        byte[] from = Api.as(acct.key()).header("Range", "bytes=" + (n - 10) + "-").get(path).then().statusCode(206)
                .header("Content-Range", "bytes " + (n - 10) + "-" + (n - 1) + "/" + n).extract().asByteArray();
        assertArrayEquals(Arrays.copyOfRange(full, n - 10, n), from);
        byte[] clamped = Api.as(acct.key()).header("Range", "bytes=0-" + (n + 1000)).get(path).then().statusCode(206)
                .header("Content-Range", "bytes 0-" + (n - 1) + "/" + n).extract().asByteArray();
        assertArrayEquals(full, clamped);

        assertError(Api.as(acct.key()).header("Range", "bytes=" + n + "-").get(path).then(), 416, "invalid_request_error", "range_not_satisfiable", null);
        Api.as(acct.key()).header("Range", "bytes=" + n + "-").get(path).then().header("Content-Range", "bytes */" + n);
        // Several ranges or another unit: the whole file, as RFC 9110 allows.
        Api.as(acct.key()).header("Range", "bytes=0-1,5-6").get(path).then().statusCode(200).header("Content-Length", String.valueOf(n));

        String etag = Api.as(acct.key()).get(path).then().extract().header("ETag");
        Api.as(acct.key()).header("If-None-Match", etag).get(path).then().statusCode(304).header("ETag", etag);
        Api.as(acct.key()).header("If-None-Match", "W/" + etag).get(path).then().statusCode(304);
    }

    @Test
    void theSameIdempotencyKeyCreatesOneExport() {
        var acct = Api.newAccount();
        String gen = ExportFixtures.completedGeneration(acct.key());
        Map<String, Object> req = body("generation_id", gen, "preset", "market2-3x4", "format", "jpeg");
        var first = Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "exp-key-1").body(req)
                .post("/api/v1/exports").then().statusCode(202).extract();
        var second = Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "exp-key-1").body(req)
                .post("/api/v1/exports").then().statusCode(202).header("Idempotent-Replayed", "true").extract();
        assertEquals(first.path("id").toString(), second.path("id").toString());
        assertEquals(first.asString(), second.asString());
        Api.as(acct.key()).queryParam("generation_id", gen).get("/api/v1/exports").then().statusCode(200)
                .body("data.size()", is(1)).body("data[0].id", is((String) first.path("id")));
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).header("Idempotency-Key", "exp-key-1")
                .body(body("generation_id", gen, "preset", "market1-3x4")).post("/api/v1/exports").then(), 422, "invalid_request_error", "idempotency_key_reused", null);
    }

    @Test
    void historyListsNewestFirstWithFilters() {
        var acct = Api.newAccount();
        String project = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("name", "Shoes")).post("/api/v1/projects")
                .then().statusCode(201).extract().path("id");
        String assetInProject = Api.as(acct.key()).multiPart("file", "b.jpg", Photos.productJpeg(1600, 1200), "image/jpeg")
                .multiPart("project_id", project).post("/api/v1/assets").then().statusCode(201).extract().path("id");
        String genA = ExportFixtures.completedGeneration(acct.key());
        String genB = ExportFixtures.completedGeneration(acct.key(), assetInProject, "1:1");
        List<String> created = new ArrayList<>();
        created.add(ExportFixtures.create(acct.key(), body("generation_id", genA, "preset", "market1-3x4")).statusCode(202).extract().path("id"));
        created.add(ExportFixtures.create(acct.key(), body("generation_id", genB, "preset", "market4-1x1")).statusCode(202).extract().path("id"));
        created.add(ExportFixtures.create(acct.key(), body("generation_id", genA, "preset", "stories-9x16")).statusCode(202).extract().path("id"));

        List<String> all = Api.as(acct.key()).get("/api/v1/exports").then().statusCode(200)
                .body("object", is("list")).body("has_more", is(false)).extract().path("data.id");
        assertEquals(List.of(created.get(2), created.get(1), created.get(0)), all);
        assertEquals(List.of(created.get(2), created.get(0)),
                Api.as(acct.key()).queryParam("generation_id", genA).get("/api/v1/exports").then().statusCode(200).extract().path("data.id"));
        assertEquals(List.of(created.get(1)),
                Api.as(acct.key()).queryParam("project_id", project).get("/api/v1/exports").then().statusCode(200)
                        .body("data[0].project_id", is(project)).extract().path("data.id"));
        assertEquals(List.of(created.get(2), created.get(0)),
                Api.as(acct.key()).queryParam("project_id", acct.defaultProjectId()).get("/api/v1/exports").then().statusCode(200).extract().path("data.id"));
        var page1 = Api.as(acct.key()).queryParam("limit", 2).get("/api/v1/exports").then().statusCode(200).body("has_more", is(true)).extract();
        assertEquals(List.of(created.get(2), created.get(1)), page1.path("data.id"));
        assertEquals(List.of(created.get(0)), Api.as(acct.key()).queryParam("limit", 2).queryParam("starting_after", created.get(1))
                .get("/api/v1/exports").then().statusCode(200).body("has_more", is(false)).extract().path("data.id"));
        assertEquals(List.of(), Api.as(Api.newAccount().key()).get("/api/v1/exports").then().statusCode(200).extract().path("data.id"));
        assertError(Api.as(acct.key()).queryParam("limit", 0).get("/api/v1/exports").then(), 400, "invalid_request_error", "parameter_invalid", "limit");
    }

    @Test
    void exportWorksAfterTheAssetWasDeleted() {
        var acct = Api.newAccount();
        String asset = ExportFixtures.uploadAsset(acct.key());
        String gen = ExportFixtures.completedGeneration(acct.key(), asset, "3:4");
        String before = ExportFixtures.readyExport(acct.key(), body("generation_id", gen, "preset", "market1-3x4"));
        Api.as(acct.key()).delete("/api/v1/assets/" + asset).then().statusCode(200).body("deleted", is(true));

        String after = ExportFixtures.readyExport(acct.key(), body("generation_id", gen, "preset", "market4-1x1", "width", 2000));
        byte[] file = Api.as(acct.key()).get("/api/v1/exports/" + after + "/file").then().statusCode(200).extract().asByteArray();
        assertTrue(file.length > 1000);
        Api.as(acct.key()).get("/api/v1/exports/" + before + "/file").then().statusCode(200);
        Api.as(acct.key()).get("/api/v1/exports").then().body("data.id", is(List.of(after, before)));
    }

    @Test
    void anExportThatCannotBeProducedEndsFailedWithAnError() {
        var acct = Api.newAccount();
        String gen = ExportFixtures.completedGeneration(acct.key());
        // the generation's stored copy gone, and its product no longer kept on this instance: nothing to draw from
        keepOthers(acct.key(), gen);
        blobs.delete(GenerationBlobs.product(gen));
        String id = ExportFixtures.create(acct.key(), body("generation_id", gen, "preset", "market1-3x4")).statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(30)).until(() ->
                "failed".equals(Api.as(acct.key()).get("/api/v1/exports/" + id).then().extract().path("status")));
        Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200)
                .body("error.code", is("source_missing"))
                .body("error.message", not(org.hamcrest.Matchers.emptyOrNullString()))
                .body("$", not(hasKey("bytes"))).body("$", not(hasKey("download_url"))).body("$", not(hasKey("expires_at")));
        assertError(Api.as(acct.key()).get("/api/v1/exports/" + id + "/file").then(), 404, "invalid_request_error", "resource_missing", null);
    }

    @Test
    void aProcessingExportIsReadWithoutFileFields() {
        var acct = shared();
        // A row as the create transaction leaves it, without a job, so it stays processing for this test.
        String id = dev.cardgen.core.Ids.next(dev.cardgen.core.Ids.EXPORT);
        QuarkusTransaction.requiringNew().run(() -> {
            Export e = new Export();
            e.id = id;
            e.accountId = acct.id();
            e.projectId = acct.defaultProjectId();
            e.generationId = sharedGeneration;
            e.variant = 0;
            e.preset = "market1-3x4";
            e.format = "png";
            e.width = 1200;
            e.height = 1600;
            e.status = ExportStatus.PROCESSING;
            e.createdAt = dev.cardgen.core.Times.now(clock);
            e.persist();
        });
        Api.as(acct.key()).get("/api/v1/exports/" + id).then().statusCode(200)
                .body("$", aMapWithSize(11))
                .body("status", is("processing"))
                .body("$", not(hasKey("bytes"))).body("$", not(hasKey("download_url"))).body("$", not(hasKey("expires_at")))
                .body("$", not(hasKey("error"))).body("$", not(hasKey("completed_at")));
        assertError(Api.as(acct.key()).get("/api/v1/exports/" + id + "/file").then(), 404, "invalid_request_error", "resource_missing", null);
    }
}
