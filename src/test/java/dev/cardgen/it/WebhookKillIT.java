package dev.cardgen.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.WebhookReceiver;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A webhook delivery survives a {@code kill -9} of the instance sending it: two packaged instances
 * on one real PostgreSQL; the receiver holds the first request open, the sender is killed mid-request,
 * and the second instance's reaper hands the delivery's job on once its lease has expired.
 */
class WebhookKillIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aDeliveryInFlightWhenItsInstanceIsKilledIsDeliveredByAnother() throws Exception {
        Path work = Files.createTempDirectory("cardgen-webhook-kill");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setServerConfig("fsync", "off").start();
             WebhookReceiver receiver = new WebhookReceiver().script(WebhookReceiver.HANG)) {
            String jdbc = pg.getJdbcUrl("postgres", "postgres");
            Process a = launch(jdbc, work, "a");
            Process b = null;
            try {
                String baseA = awaitReady(a, work, "a");
                var endpoint = as(baseA).body(Map.of("url", receiver.url("/hook"), "events", List.of("generation.completed")))
                        .post("/api/v1/webhook_endpoints").then().statusCode(201).extract();
                String asset = RestAssured.given().baseUri(baseA).header("Authorization", "Bearer " + Api.BOOTSTRAP_KEY)
                        .multiPart("file", "mug.jpg", Photos.productJpeg(1200, 900), "image/jpeg")
                        .post("/api/v1/assets").then().statusCode(201).extract().path("id");
                as(baseA).body(Map.of("asset_id", asset, "variants", 1)).post("/api/v1/generations").then().statusCode(202);

                await().atMost(Duration.ofSeconds(120)).until(() -> receiver.received().size() == 1);
                a.destroyForcibly(); // SIGKILL while the request is held open
                a.waitFor();

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
            } finally {
                a.destroyForcibly().waitFor();
                if (b != null) {
                    b.destroy();
                    b.waitFor();
                }
            }
        }
    }

    private static RequestSpecification as(String base) {
        return RestAssured.given().baseUri(base).header("Authorization", "Bearer " + Api.BOOTSTRAP_KEY).contentType(ContentType.JSON);
    }

    private static JsonNode delivery(String base, String endpointId) throws Exception {
        String body = as(base).get("/api/v1/webhook_endpoints/" + endpointId + "/deliveries").then().statusCode(200).extract().asString();
        return JSON.readTree(body).path("data").path(0);
    }

    private static final Map<Process, Integer> PORTS = new java.util.concurrent.ConcurrentHashMap<>();

    /** The packaged jar as production runs it, with a short job lease so the test need not wait 30 s. */
    private static Process launch(String jdbc, Path work, String name) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true",
                "-Dquarkus.http.port=" + port, "-Dcardgen.public-base-url=http://127.0.0.1:" + port,
                "-Dquarkus.datasource.jdbc.url=" + jdbc,
                "-Dquarkus.datasource.username=postgres", "-Dquarkus.datasource.password=postgres",
                "-Dcardgen.bootstrap-key=" + Api.BOOTSTRAP_KEY, "-Dcardgen.signing-key=kill-it-signing-key",
                "-Dcardgen.storage.fs.root=" + work.resolve("blobs"),
                "-Dcardgen.webhooks.allow-private=true", "-Dcardgen.webhooks.timeout=60s",
                "-Dcardgen.jobs.lease=3s", "-Dcardgen.jobs.reap-interval=1s",
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
