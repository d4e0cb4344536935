package dev.cardgen.it;

import dev.cardgen.render.fixtures.RealComposites;
import dev.cardgen.render.fixtures.SyntheticPhotos;
import dev.cardgen.render.subject.Subject;
import dev.cardgen.render.subject.SubjectExtractor;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.PostgresTestResource;
import dev.cardgen.testing.Sse;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import javax.imageio.ImageIO;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged application (the jar here; the native binary with -Dnative where GraalVM exists)
 * against a real PostgreSQL: the upload → generation → stream path, a 12 Mpx photo, the learned model.
 * What the prod build serves before any photo is ProdBuildIT, which runs first and carries the launch.
 */
@ExtendWith(ApiIT.DrawnAhead.class) // before @QuarkusIntegrationTest's extension, so it runs first
@QuarkusIntegrationTest
@WithTestResource(PostgresTestResource.class)
class ApiIT {

    /**
     * The photos that take seconds to draw (the soft shadows of the 1600 px and the 12 Mpx one, the
     * bottle's composite and its cut by the cues alone), drawn on other threads from the start of the
     * class: the first test waits for the mug only. Run alone (the AOT cache's training), this class
     * launches the app, and they are drawn while it starts.
     */
    static final class DrawnAhead implements BeforeAllCallback {

        static CompletableFuture<byte[]> mug;
        static CompletableFuture<byte[]> twelveMegapixels;
        static CompletableFuture<BottleOnGrass> bottleOnGrass;

        @Override
        public void beforeAll(ExtensionContext context) {
            mug = CompletableFuture.supplyAsync(() -> Photos.productJpeg(1600, 1200));
            twelveMegapixels = CompletableFuture.supplyAsync(() -> Photos.productJpeg(4000, 3000));
            bottleOnGrass = CompletableFuture.supplyAsync(() -> {
                RealComposites.Scene scene = RealComposites.scene(false, "TEXTURED/BOTTLE/texture-grass.jpg@1.6", 1066, 800);
                Subject cuesAlone = SubjectExtractor.extractByCues(scene.image());
                return new BottleOnGrass(scene, SyntheticPhotos.iou(scene.truth(), gray(cuesAlone.mask())));
            });
        }
    }

    record BottleOnGrass(RealComposites.Scene scene, double cuesIou) {
    }

    @Test
    void readyAndServingTheWholePath() throws Exception {
        RestAssured.given().get("/q/health/ready").then().statusCode(200).body("status", is("UP"));
        String asset = Api.as(Api.BOOTSTRAP_KEY).multiPart("file", "mug.jpg", DrawnAhead.mug.join(), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).body("subject_detected", is(true)).extract().path("id");
        Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/assets/" + asset).then().statusCode(200).body("id", is(asset));
        var created = Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 2))
                .post("/api/v1/generations").then().statusCode(202).extract();
        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(60));
        assertEquals("done", events.get(events.size() - 1).name());
        assertEquals(2, events.stream().filter(e -> e.name().equals("variant")).count());
        Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/generations/" + created.path("id")).then().statusCode(200)
                .body("status", is("completed"));
    }

    /**
     * A seller's first card: a 12 Mpx photo, then a 3-variant generation with the default template
     * (studio, 3:4), as the cold-start bench asks for it. Also the AOT cache's training (pom profile
     * aot): what runs here is in the cache, classes linked and methods profiled, so a first card after
     * a cold start pays less of it (docs/cold-start.md). The training run (the profile sets
     * {@code quarkus.package.jar.aot.enabled}) goes on with every other template, at the other ratios,
     * then exports the studio card three times at each size and format a seller asks for most; a plain
     * {@code verify} runs the first generation only (under load the five generations took 21 s, the exports ~10 s).
     */
    @Test
    void aTwelveMegapixelPhotoToCards() throws Exception {
        String asset = Api.as(Api.BOOTSTRAP_KEY).multiPart("file", "photo.jpg", DrawnAhead.twelveMegapixels.join(), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).body("width", is(4000)).body("height", is(3000))
                .body("subject_detected", is(true)).extract().path("id");
        Map<String, String> ratios = new java.util.LinkedHashMap<>();
        ratios.put("studio", "3:4");
        if (Boolean.getBoolean("quarkus.package.jar.aot.enabled")) {
            ratios.put("bold", "1:1");
            ratios.put("gradient", "9:16");
            ratios.put("infographic", "3:4");
            ratios.put("white", "1:1");
        }
        Map<String, List<Integer>> previews = Map.of("3:4", List.of(600, 800), "1:1", List.of(800, 800), "9:16", List.of(450, 800));
        String studio = null;
        for (var e : ratios.entrySet()) {
            var created = Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON)
                    .body(Map.of("asset_id", asset, "variants", 3, "template", e.getKey(), "ratio", e.getValue()))
                    .post("/api/v1/generations").then().statusCode(202).extract();
            List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(60));
            assertEquals("done", events.get(events.size() - 1).name(), e.getKey());
            assertEquals(3, events.stream().filter(ev -> ev.name().equals("variant")).count(), e.getKey());
            if (studio == null) {
                studio = created.path("id");
            }
            var done = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/generations/" + created.path("id")).then().statusCode(200)
                    .body("status", is("completed")).body("template", is(e.getKey())).body("ratio", is(e.getValue()))
                    .body("variants.size()", is(3)).extract();
            for (int i = 0; i < 3; i++) {
                assertEquals(i, (int) done.path("variants[" + i + "].index"));
                assertEquals(previews.get(e.getValue()), List.of(done.<Integer>path("variants[" + i + "].width"),
                        done.<Integer>path("variants[" + i + "].height")), e.getKey() + " variant " + i);
            }
        }
        if (Boolean.getBoolean("quarkus.package.jar.aot.enabled")) {
            // The training also exports, as a seller does next: the render at full size, the segmented PNG and
            // the JPEG are then linked and profiled in the cache, not compiled from scratch on the first exports.
            for (int round = 0; round < 3; round++) {
                exported(studio, "png", 1200, 1600);
                exported(studio, "png", 2400, 3200);
                exported(studio, "jpeg", 1200, 1600);
            }
        }
    }

    /** An export of the generation's first variant at {@code width} (market1-3x4), downloaded: its format and size. */
    private static void exported(String generation, String format, int width, int height) throws Exception {
        String id = Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON)
                .body(Map.of("generation_id", generation, "variant", 0, "preset", "market1-3x4", "format", format, "width", width))
                .post("/api/v1/exports").then().statusCode(202).body("status", is("processing")).extract().path("id");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20)).until(() ->
                !"processing".equals(Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/exports/" + id).then().statusCode(200)
                        .extract().path("status")));
        Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/exports/" + id).then().statusCode(200).body("status", is("ready"));
        byte[] file = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/exports/" + id + "/file").then().statusCode(200)
                .contentType("png".equals(format) ? "image/png" : "image/jpeg").extract().asByteArray();
        BufferedImage card = ImageIO.read(new ByteArrayInputStream(file));
        assertEquals(List.of(width, height), List.of(card.getWidth(), card.getHeight()), format + " " + width);
    }

    /**
     * The learned model is packaged and runs: a bottle of grass-like material on grass, which the
     * cues alone cut out only in part, comes back whole. A packaging change that dropped the model or
     * its engine would fall back to the cues silently, and fail here.
     */
    @Test
    void theLearnedModelRunsInThePackagedApp() throws Exception {
        BottleOnGrass bottle = DrawnAhead.bottleOnGrass.join();
        RealComposites.Scene scene = bottle.scene();
        double cuesIou = bottle.cuesIou();
        assertTrue(cuesIou < 0.7, "the cues alone find only a part: " + cuesIou);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(scene.image(), "png", png);
        String asset = Api.as(Api.BOOTSTRAP_KEY).multiPart("file", "bottle-on-grass.png", png.toByteArray(), "image/png")
                .post("/api/v1/assets").then().statusCode(201)
                .body("subject_detected", is(true)).body("subject_source", is("auto"))
                .body("width", is(1066)).body("height", is(800)).extract().path("id");
        byte[] maskPng = Api.as(Api.BOOTSTRAP_KEY).queryParam("format", "mask").get("/api/v1/assets/" + asset + "/cutout")
                .then().statusCode(200).contentType("image/png").extract().asByteArray();
        BufferedImage mask = ImageIO.read(new ByteArrayInputStream(maskPng));
        assertEquals(1066, mask.getWidth());
        assertEquals(800, mask.getHeight());
        double iou = SyntheticPhotos.iou(scene.truth(), gray(mask));
        assertTrue(iou >= 0.9, "the packaged app cuts it out whole: IoU " + iou);
    }

    private static byte[] gray(BufferedImage m) {
        byte[] out = new byte[m.getWidth() * m.getHeight()];
        m.getRaster().getDataElements(0, 0, m.getWidth(), m.getHeight(), out);
        return out;
    }
}
