package dev.cardgen.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.ItPostgres;
import dev.cardgen.testing.PackagedApp;
import dev.cardgen.testing.Sse;
import dev.cardgen.testing.WebhookReceiver;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Work in flight survives a {@code kill -9} of its instance: two packaged instances on one real
 * PostgreSQL and one blob folder. Instance a is killed while a webhook delivery is mid-request (the
 * receiver holds it open) and while a batch of another account is half done (its one free worker
 * renders an item, the next items are queued). Instance b, started after the kill, reaps the expired
 * leases: the delivery is made once more and succeeds, and the batch completes with every item's
 * generation completed once (one {@code variant} per index, one {@code done}, one job, run again only
 * if it was running at the kill), one {@code item} event per item on the batch's stream, and one
 * {@code batch.completed} webhook.
 */
@Execution(ExecutionMode.CONCURRENT) // starts its own instances: runs beside the @QuarkusIntegrationTests (pom.xml)
@Order(1) // the longest first (pom.xml)
class KillIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int ITEMS = 4;

    @Test
    void workInFlightWhenItsInstanceIsKilledIsFinishedOnceByAnother() throws Exception {
        Path work = Files.createTempDirectory("cardgen-kill");
        ItPostgres.Database pg = ItPostgres.create("kill");
        try (WebhookReceiver receiver = new WebhookReceiver().script(WebhookReceiver.HANG);
             WebhookReceiver batchHooks = new WebhookReceiver()) {
            String jdbc = pg.jdbcUrl();
            Process a = launch(jdbc, work, "a");
            Process b = null;
            try {
                String baseA = awaitReady(a, work, "a");
                var endpoint = as(baseA).body(Map.of("url", receiver.url("/hook"), "events", List.of("generation.completed")))
                        .post("/api/v1/webhook_endpoints").then().statusCode(201).extract();
                String asset = upload(baseA, Api.BOOTSTRAP_KEY);
                as(baseA).body(Map.of("asset_id", asset, "variants", 1)).post("/api/v1/generations").then().statusCode(202);
                // The batch's account is another one, so its items' generation.completed events stay off the receiver above;
                // set up while the generation runs.
                String seller = newAccountKey(baseA);
                as(baseA, seller).body(Map.of("url", batchHooks.url("/batches"), "events", List.of("batch.completed")))
                        .post("/api/v1/webhook_endpoints").then().statusCode(201);
                String sellerAsset = upload(baseA, seller);

                await().atMost(Duration.ofSeconds(120)).until(() -> receiver.received().size() == 1);
                // The delivery holds one of a's two workers (webhooks take at most half), so the batch's items
                // run one at a time on the other: once one has completed and the next has started, the rest are unfinished.
                JsonNode batch = createBatch(baseA, seller, sellerAsset);
                String batchId = batch.path("id").asText();
                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50)).until(() -> {
                    JsonNode counts = getBatch(baseA, seller, batchId).path("counts");
                    return counts.path("completed").asInt() >= 1 && counts.path("running").asInt() >= 1;
                });
                a.destroyForcibly(); // SIGKILL while the request is held open and a batch item renders
                a.waitFor();

                Map<String, AtKill> atKill = batchAtKill(pg, batchId);
                assertTrue(atKill.values().stream().anyMatch(k -> k.item().equals("completed")), "an item completed before the kill: " + atKill);
                assertTrue(atKill.values().stream().anyMatch(k -> k.item().equals("pending") && k.job().equals("running")),
                        "an unfinished item's job was running on the killed instance: " + atKill);

                b = launch(jdbc, work, "b");
                String baseB = awaitReady(b, work, "b");
                String endpointId = endpoint.path("id");
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(250)).until(() ->
                        "succeeded".equals(delivery(baseB, endpointId).path("status").asText()));
                JsonNode d = delivery(baseB, endpointId);
                assertEquals(1, d.path("attempts").size(), "the killed attempt left no record; the second one succeeded: " + d);
                assertEquals(200, d.path("attempts").get(0).path("status_code").asInt());
                assertEquals(2, receiver.received().size());
                assertEquals(receiver.received().get(0).body(), receiver.received().get(1).body());
                String secret = endpoint.path("secret");
                for (WebhookReceiver.Received r : receiver.received()) {
                    String[] parts = r.signature().split(",");
                    Mac mac = Mac.getInstance("HmacSHA256");
                    mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
                    assertEquals("v1=" + HexFormat.of().formatHex(mac.doFinal((parts[0].substring(2) + "." + r.body())
                            .getBytes(StandardCharsets.UTF_8))), parts[1]);
                }
                assertEquals(d.path("event_id").asText(), JSON.readTree(receiver.received().get(1).body()).path("id").asText());

                assertBatchCompletedOnce(pg, baseA, baseB, seller, batch, atKill, batchHooks);
            } finally {
                a.destroyForcibly().waitFor();
                if (b != null) {
                    b.destroy();
                    b.waitFor();
                }
            }
        }
    }

    private static JsonNode createBatch(String base, String key, String asset) throws Exception {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 1; i <= ITEMS; i++) {
            items.add(Map.of("asset_id", asset, "reference", "SKU-" + i, "text", Map.of("title", "Mug " + i)));
        }
        String body = as(base, key).body(Map.of("defaults", Map.of("variants", 1), "items", items))
                .post("/api/v1/batches").then().statusCode(202).extract().asString();
        JsonNode batch = JSON.readTree(body);
        assertEquals(ITEMS, batch.path("items_total").asInt(), body);
        assertEquals(0, batch.path("rejected").size(), body);
        return batch;
    }

    /** An item as the killed instance left it: the item's state, its generation job's state and attempts so far. */
    private record AtKill(String item, String job, int attempts) {
        /** How the generation's job must end: done, and claimed once more unless it was done already. */
        String expectedEnd() {
            return "1 job, done, " + (job.equals("done") ? attempts : attempts + 1) + " attempt(s); variant 0 x1, done x1, error x0";
        }
    }

    /** Per item (by generation id), what the killed instance left in the database. */
    private static Map<String, AtKill> batchAtKill(ItPostgres.Database pg, String batchId) throws Exception {
        Map<String, AtKill> states = new TreeMap<>();
        try (Connection c = pg.dataSource().getConnection();
             PreparedStatement ps = c.prepareStatement("""
                     SELECT i.generation_id, i.state, j.state, j.attempts
                       FROM batch_items i JOIN jobs j ON j.ref_id = i.generation_id AND j.kind = 'generation'
                      WHERE i.batch_id = ?""")) {
            ps.setString(1, batchId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    states.put(rs.getString(1), new AtKill(rs.getString(2), rs.getString(3), rs.getInt(4)));
                }
            }
        }
        assertEquals(ITEMS, states.size(), "one generation job per item: " + states);
        return states;
    }

    /** A generation's jobs and stream as the database has them, in {@link AtKill#expectedEnd()}'s words. */
    private static String jobAndEvents(ItPostgres.Database pg, String generationId) throws Exception {
        try (Connection c = pg.dataSource().getConnection();
             PreparedStatement jobs = c.prepareStatement(
                     "SELECT count(*), min(state), max(state), sum(attempts) FROM jobs WHERE ref_id = ? AND kind = 'generation'");
             PreparedStatement events = c.prepareStatement("""
                     SELECT count(*) FILTER (WHERE event = 'variant'), count(*) FILTER (WHERE event = 'variant' AND data::jsonb ->> 'index' = '0'),
                            count(*) FILTER (WHERE event = 'done'), count(*) FILTER (WHERE event = 'error')
                       FROM stream_events WHERE stream_id = ?""")) {
            jobs.setString(1, generationId);
            events.setString(1, generationId);
            try (ResultSet j = jobs.executeQuery(); ResultSet e = events.executeQuery()) {
                j.next();
                e.next();
                String state = j.getString(2).equals(j.getString(3)) ? j.getString(2) : j.getString(2) + "/" + j.getString(3);
                String variants = e.getInt(1) == e.getInt(2) ? "variant 0 x" + e.getInt(2)
                        : e.getInt(1) + " variants, " + e.getInt(2) + " of index 0";
                return j.getInt(1) + " job, " + state + ", " + j.getInt(4) + " attempt(s); " + variants
                        + ", done x" + e.getInt(3) + ", error x" + e.getInt(4);
            }
        }
    }

    /**
     * The batch as instance b shows it once done: completed, each item's generation completed once with
     * its one variant (a job running at the kill ran once more on b, none other did), each item announced
     * once on the batch's stream, and one batch.completed webhook.
     */
    private static void assertBatchCompletedOnce(ItPostgres.Database pg, String baseA, String baseB, String key, JsonNode created,
                                                 Map<String, AtKill> atKill, WebhookReceiver batchHooks) throws Exception {
        String batchId = created.path("id").asText();
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(250)).until(() ->
                !getBatch(baseB, key, batchId).path("finished_at").isNull());
        JsonNode batch = getBatch(baseB, key, batchId);
        assertEquals("completed", batch.path("status").asText(), batch.toString());
        assertEquals(JSON.readTree("{\"queued\":0,\"running\":0,\"completed\":" + ITEMS + ",\"failed\":0,\"canceled\":0}"),
                batch.path("counts"), batch.toString());
        assertEquals(ITEMS, batch.path("items_total").asInt());
        assertEquals(1, batch.path("round").asInt());

        JsonNode items = JSON.readTree(as(baseB, key).get("/api/v1/batches/" + batchId + "/items?limit=100")
                .then().statusCode(200).extract().asString());
        assertFalse(items.path("has_more").asBoolean());
        assertEquals(ITEMS, items.path("data").size(), items.toString());
        Set<String> itemIds = new HashSet<>();
        for (int i = 0; i < ITEMS; i++) {
            JsonNode item = items.path("data").get(i);
            JsonNode g = item.path("generation");
            String generationId = g.path("id").asText();
            assertEquals(i + 1, item.path("row").asInt(), item.toString());
            assertEquals("SKU-" + (i + 1), item.path("reference").asText(), item.toString());
            assertEquals("completed", item.path("status").asText(), item.toString());
            assertTrue(item.path("error").isNull(), item.toString());
            assertEquals("completed", g.path("status").asText(), item.toString());
            assertEquals(batchId, g.path("batch_id").asText(), item.toString());
            assertEquals(1, g.path("variants").size(), item.toString());
            assertEquals(0, g.path("variants").get(0).path("index").asInt(), item.toString());
            assertEquals(atKill.get(generationId).expectedEnd(), jobAndEvents(pg, generationId),
                    "item " + (i + 1) + ", at the kill " + atKill.get(generationId));
            itemIds.add(item.path("id").asText());
        }

        // The stream of the round, replayed from b (the token is a row in the shared database).
        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url").asText().replace(baseA, baseB), Duration.ofSeconds(30));
        List<String> announced = new ArrayList<>();
        for (Sse.Event e : events) {
            if (e.name().equals("item")) {
                assertEquals("completed", e.data().get("status"), e.dataJson());
                announced.add((String) e.data().get("item_id"));
            }
        }
        assertEquals(ITEMS, announced.size(), "one item event per item: " + announced);
        assertEquals(itemIds, new HashSet<>(announced));
        assertEquals(ITEMS, events.stream().filter(e -> e.name().equals("progress")).count());
        Sse.Event last = events.get(events.size() - 1);
        assertEquals("done", last.name());
        assertEquals(1, events.stream().filter(e -> e.name().equals("done")).count());
        assertEquals("completed", last.data().get("status"));

        await().atMost(Duration.ofSeconds(30)).until(() -> batchHooks.received().size() == 1);
        JsonNode hook = JSON.readTree(batchHooks.received().get(0).body());
        assertEquals("batch.completed", hook.path("type").asText());
        assertEquals(batchId, hook.path("data").path("id").asText());
        assertEquals("completed", hook.path("data").path("status").asText());
        assertEquals(batch.path("counts"), hook.path("data").path("counts"));
    }

    private static JsonNode getBatch(String base, String key, String batchId) throws Exception {
        return JSON.readTree(as(base, key).get("/api/v1/batches/" + batchId).then().statusCode(200).extract().asString());
    }

    private static RequestSpecification as(String base) {
        return as(base, Api.BOOTSTRAP_KEY);
    }

    private static RequestSpecification as(String base, String key) {
        return RestAssured.given().baseUri(base).header("Authorization", "Bearer " + key).contentType(ContentType.JSON);
    }

    /**
     * A product already cut out, a PNG whose alpha is its mask: the upload takes the alpha as the cut-out, so
     * instance a neither loads nor runs the model, which is not what this test is about, while it starts
     * beside the other ITs.
     */
    private static final byte[] CUT_OUT_MUG = cutOutMug();

    private static byte[] cutOutMug() {
        BufferedImage img = new BufferedImage(1200, 900, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0xC0392B));
        g.fill(new RoundRectangle2D.Double(420, 180, 360, 540, 60, 60));
        g.dispose();
        return ImageEncoder.png(img);
    }

    private static String upload(String base, String key) {
        return RestAssured.given().baseUri(base).header("Authorization", "Bearer " + key)
                .multiPart("file", "mug.png", CUT_OUT_MUG, "image/png")
                .post("/api/v1/assets").then().statusCode(201).body("subject_source", is("alpha")).extract().path("id");
    }

    private static String newAccountKey(String base) {
        String id = admin(base).body(Map.of("name", "seller")).post("/admin/v1/accounts").then().statusCode(201).extract().path("id");
        return admin(base).post("/admin/v1/accounts/" + id + "/keys").then().statusCode(201).extract().path("secret");
    }

    private static RequestSpecification admin(String base) {
        return as(base, Api.ADMIN_TOKEN);
    }

    private static JsonNode delivery(String base, String endpointId) throws Exception {
        String body = as(base).get("/api/v1/webhook_endpoints/" + endpointId + "/deliveries").then().statusCode(200).extract().asString();
        return JSON.readTree(body).path("data").path(0);
    }

    private static final Map<Process, Integer> PORTS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The packaged jar as production runs it (C1 only, as every test launch), with a short job lease so the test need not wait 30 s, and
     * two workers whatever the machine (the batch's items then run one at a time beside the held delivery).
     */
    private static Process launch(String jdbc, Path work, String name) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(PackagedApp.TEST_JVM_OPTIONS);
        cmd.addAll(List.of("-Djava.awt.headless=true",
                "-Dquarkus.http.port=" + port, "-Dcardgen.public-base-url=http://127.0.0.1:" + port,
                "-Dquarkus.datasource.jdbc.url=" + jdbc,
                "-Dquarkus.datasource.username=postgres", "-Dquarkus.datasource.password=postgres",
                "-Dcardgen.bootstrap-key=" + Api.BOOTSTRAP_KEY, "-Dcardgen.signing-key=kill-it-signing-key",
                "-Dcardgen.admin-token=" + Api.ADMIN_TOKEN,
                "-Dcardgen.storage.fs.root=" + work.resolve("blobs"),
                "-Dcardgen.webhooks.allow-private=true", "-Dcardgen.webhooks.timeout=60s",
                "-Dcardgen.jobs.workers=2", "-Dcardgen.jobs.lease=3s", "-Dcardgen.jobs.reap-interval=1s",
                "-jar", new File("target/quarkus-app/quarkus-run.jar").getAbsolutePath()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(work.resolve(name + ".log").toFile()).start();
        PORTS.put(p, port);
        return p;
    }

    private static String awaitReady(Process p, Path work, String name) {
        String base = "http://127.0.0.1:" + PORTS.get(p);
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(() -> {
            if (!p.isAlive()) {
                throw new AssertionError("instance " + name + " exited; see " + work.resolve(name + ".log"));
            }
            return RestAssured.given().baseUri(base).get("/q/health/ready").statusCode() == 200;
        });
        return base;
    }
}
