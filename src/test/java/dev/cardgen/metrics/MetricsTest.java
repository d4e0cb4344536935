package dev.cardgen.metrics;

import dev.cardgen.core.Ids;
import dev.cardgen.stream.EventLog;
import dev.cardgen.stream.StreamTokens;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Sse;
import dev.cardgen.testing.WebhookReceiver;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** /q/metrics in Prometheus' text format: each meter the README lists moves when its event happens. */
@QuarkusTest
class MetricsTest {

    @Inject
    EventLog log;
    @Inject
    StreamTokens tokens;
    @Inject
    EntityManager em;

    private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(?:[^\"}]|\"(?:[^\"\\\\]|\\\\.)*\")*})? (\\S+)$");

    @Test
    void theServiceCountsWhatItDoes() throws Exception {
        var acct = Api.newAccount();
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            Api.as(acct.key()).contentType(ContentType.JSON)
                    .body(Map.of("url", receiver.url("/hook"), "events", List.of("generation.completed")))
                    .post("/api/v1/webhook_endpoints").then().statusCode(201);
            countsWhatItDoes(acct, receiver);
        }
    }

    private void countsWhatItDoes(Api.TestAccount acct, WebhookReceiver receiver) throws Exception {
        // The counters are the application's: a generation or an export an earlier class left running would
        // finish inside this test's window and be counted with its own.
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> assertEquals(List.of(), jobsInFlight(),
                "generation and export jobs of earlier classes still queued or running"));
        Map<String, Double> before = scrape();

        Api.as(acct.key()).multiPart("file", "tiny.png", tinyPng(), "image/png").post("/api/v1/assets").then().statusCode(422);
        String asset = Api.uploadProduct(acct.key(), "bottle.jpg");
        var created = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 2))
                .post("/api/v1/generations").then().statusCode(202).extract();
        String gen = created.path("id");
        String streamUrl = created.path("stream_url");
        List<Sse.Event> events = Sse.readUntilClosed(streamUrl, Duration.ofSeconds(60));
        assertEquals("done", events.get(events.size() - 1).name());
        String exp = Api.as(acct.key()).contentType(ContentType.JSON)
                .body(Map.of("generation_id", gen, "variant", 0, "preset", "market5-1x1"))
                .post("/api/v1/exports").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(60)).until(() ->
                "ready".equals(Api.as(acct.key()).get("/api/v1/exports/" + exp).then().extract().path("status")));

        // A stream still open: its generation is only an event log with one event so far, no job.
        String held = Ids.next(Ids.GENERATION);
        String heldUrl = streamUrl.substring(0, streamUrl.lastIndexOf('/') + 1) + tokens.issue(held, Duration.ofMinutes(15)).token();
        log.append(held, "progress", Map.of("generation_id", held, "stage", "subject", "progress", 0.1));
        HttpResponse<InputStream> open = Sse.open(heldUrl, Duration.ofSeconds(30), null);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            double openNow = value(scrape(), "cardgen_stream_connections");
            assertTrue(openNow >= 1 && openNow >= value(before, "cardgen_stream_connections") + 1,
                    "an open stream is counted: " + openNow);
        });
        log.append(held, "done", Map.of("generation_id", held, "status", "completed", "variants", 0));
        List<Sse.Event> heldEvents = Sse.readUntilClosed(open);
        assertEquals(List.of("progress", "done"), heldEvents.stream().map(Sse.Event::name).toList());

        await().atMost(Duration.ofSeconds(20)).until(() -> receiver.received().size() == 1);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Map<String, Double> after = scrape();
            assertEquals(1.0, delta(before, after, "cardgen_webhooks_deliveries_total", "status=\"succeeded\""));
            assertEquals(0.0, delta(before, after, "cardgen_webhooks_deliveries_total", "status=\"failed\""));
            assertEquals(1.0, delta(before, after, "cardgen_uploads_rejected_total", "code=\"image_too_small\""));
            assertEquals(1.0, delta(before, after, "cardgen_generations_finished_total", "status=\"completed\""));
            assertEquals(1.0, delta(before, after, "cardgen_exports_finished_total", "status=\"ready\""));
            atLeast(1, before, after, "cardgen_jobs_run_seconds_count", "kind=\"generation\"", "outcome=\"done\"");
            atLeast(1, before, after, "cardgen_jobs_run_seconds_count", "kind=\"export\"", "outcome=\"done\"");
            atLeast(1, before, after, "cardgen_render_stage_seconds_count", "stage=\"subject\"");
            atLeast(1, before, after, "cardgen_render_stage_seconds_count", "stage=\"scene\"");
            atLeast(2, before, after, "cardgen_render_stage_seconds_count", "stage=\"render\"");
            atLeast(1, before, after, "cardgen_render_stage_seconds_count", "stage=\"export\"");
            atLeast(1, before, after, "cardgen_render_stage_seconds_count", "stage=\"checks\"");
            atLeast(1, before, after, "cardgen_jobs_run_seconds_count", "kind=\"webhook\"", "outcome=\"done\"");
            // Both streams have ended, so they are no longer counted as open.
            assertEquals(value(before, "cardgen_stream_connections"), value(after, "cardgen_stream_connections"));
            atLeast(1, before, after, "http_server_requests_seconds_count", "uri=\"/api/v1/render-stream/{token}\"");
        });

        String text = RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();
        String token = streamUrl.substring(streamUrl.lastIndexOf('/') + 1);
        assertFalse(text.contains(token), "a stream token must never become a label");
        for (String kind : List.of("generation", "export", "webhook")) {
            for (String state : List.of("queued", "running")) {
                assertTrue(text.contains("cardgen_jobs_queue{kind=\"" + kind + "\",state=\"" + state + "\"}"),
                        "queue depth of " + kind + " jobs " + state);
            }
        }
        assertTrue(text.contains("cardgen_render_stage_seconds_bucket{stage=\"render\",le=\"0.25\"}"), "buckets that fit render times");
        assertTrue(Pattern.compile("http_server_requests_seconds_bucket\\{[^}]*le=\"0\\.005\"").matcher(text).find(), "HTTP buckets");
    }

    @SuppressWarnings("unchecked")
    private List<String> jobsInFlight() {
        return QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                "SELECT id FROM jobs WHERE kind IN ('generation', 'export') AND state IN ('queued', 'running')").getResultList());
    }

    private static Map<String, Double> scrape() {
        String text = RestAssured.get("/q/metrics").then().statusCode(200).extract().asString();
        Map<String, Double> out = new HashMap<>();
        for (String line : text.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                out.put(m.group(1) + (m.group(2) == null ? "" : m.group(2)), Double.parseDouble(m.group(3)));
            }
        }
        return out;
    }

    /** The sum over all series of {@code name} whose labels include every one of {@code labels}. */
    private static double sum(Map<String, Double> metrics, String name, String... labels) {
        return metrics.entrySet().stream()
                .filter(e -> e.getKey().equals(name) || e.getKey().startsWith(name + "{"))
                .filter(e -> List.of(labels).stream().allMatch(l -> e.getKey().contains(l)))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    private static double delta(Map<String, Double> before, Map<String, Double> after, String name, String... labels) {
        return sum(after, name, labels) - sum(before, name, labels);
    }

    private static void atLeast(int n, Map<String, Double> before, Map<String, Double> after, String name, String... labels) {
        double d = delta(before, after, name, labels);
        assertTrue(d >= n, name + List.of(labels) + " moved by " + d + "; series: "
                + after.keySet().stream().filter(k -> k.startsWith(name)).toList());
    }

    private static double value(Map<String, Double> metrics, String name) {
        return sum(metrics, name);
    }

    private static byte[] tinyPng() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(200, 200, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }
}
