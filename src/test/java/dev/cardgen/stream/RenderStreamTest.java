package dev.cardgen.stream;

import dev.cardgen.core.Ids;
import dev.cardgen.testing.JobsStreamProfile;
import dev.cardgen.testing.TestClock;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SSE endpoint, read as raw bytes with java.net.http (no SSE client library). */
@QuarkusTest
@TestProfile(JobsStreamProfile.class)
class RenderStreamTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Inject
    EventLog log;
    @Inject
    StreamTokens tokens;
    @Inject
    TestClock clock;
    @TestHTTPResource("/api/v1/render-stream/")
    URL streamBase;
    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String jdbcUrl;

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void afterDoneAConnectionGetsEveryFrameExactlyThenTheServerCloses() throws Exception {
        String gen = streamId();
        log.append(gen, "progress", ordered("generation_id", gen, "stage", "subject", "progress", 0.25));
        log.append(gen, "variant", new Variant(gen, 0, "https://x.test/p/0"));
        log.append(gen, "done", ordered("generation_id", gen, "status", "completed", "variants", 1));
        String token = tokens.issue(gen, Duration.ofMinutes(15)).token();

        HttpResponse<String> res = http.sendAsync(get(token), HttpResponse.BodyHandlers.ofString())
                .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS); // completes only when the server closes
        assertEquals(200, res.statusCode());
        assertEquals("text/event-stream", res.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("no-cache", res.headers().firstValue("Cache-Control").orElseThrow());
        assertEquals("no", res.headers().firstValue("X-Accel-Buffering").orElseThrow());
        assertTrue(res.headers().firstValue("X-Request-Id").isPresent());
        String expected = "id: 1\nevent: progress\ndata: {\"generation_id\":\"" + gen + "\",\"stage\":\"subject\",\"progress\":0.25}\n\n"
                + "id: 2\nevent: variant\ndata: {\"generation_id\":\"" + gen + "\",\"index\":0,\"preview_url\":\"https://x.test/p/0\"}\n\n"
                + "id: 3\nevent: done\ndata: {\"generation_id\":\"" + gen + "\",\"status\":\"completed\",\"variants\":1}\n\n";
        assertEquals(expected, withoutKeepAlives(res.body()));
    }

    /** Record data is written snake_case by the application's ObjectMapper. */
    record Variant(String generationId, int index, String previewUrl) {
    }

    @Test
    void aReconnectReplaysFromTheFirstEvent() throws Exception {
        String gen = streamId();
        String token = tokens.issue(gen, Duration.ofMinutes(15)).token();
        log.append(gen, "progress", Map.of("stage", "subject"));
        log.append(gen, "progress", Map.of("stage", "scene"));

        HttpResponse<InputStream> first = open(token);
        try (InputStream body = first.body()) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8));
            List<String> frames = readFrames(reader, 2);
            assertEquals(List.of("progress {\"stage\":\"subject\"}", "progress {\"stage\":\"scene\"}"), frames);
        }
        log.append(gen, "variant", Map.of("index", 0));
        log.append(gen, "done", Map.of("status", "completed"));

        String again = http.sendAsync(get(token), HttpResponse.BodyHandlers.ofString()).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).body();
        assertEquals("id: 1\nevent: progress\ndata: {\"stage\":\"subject\"}\n\n"
                + "id: 2\nevent: progress\ndata: {\"stage\":\"scene\"}\n\n"
                + "id: 3\nevent: variant\ndata: {\"index\":0}\n\n"
                + "id: 4\nevent: done\ndata: {\"status\":\"completed\"}\n\n", withoutKeepAlives(again));
    }

    @Test
    void fiftyConnectionsOnOneStreamGetIdenticalSequences() throws Exception {
        String gen = streamId();
        String token = tokens.issue(gen, Duration.ofMinutes(15)).token();
        log.append(gen, "progress", Map.of("stage", "subject", "progress", 0.1));
        List<CompletableFuture<HttpResponse<String>>> connections = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            connections.add(http.sendAsync(get(token), HttpResponse.BodyHandlers.ofString()));
        }
        // Give the connections time to open while the generation goes on.
        for (int i = 0; i < 20; i++) {
            log.append(gen, "progress", Map.of("stage", "render", "progress", 0.1 + i * 0.04));
        }
        log.append(gen, "error", Map.of("generation_id", gen, "code", "render_failed", "message", "The render failed."));

        StringBuilder expected = new StringBuilder();
        for (StreamEvent e : log.read(gen, 0)) {
            expected.append(RenderStreamRoute.frame(e));
        }
        assertEquals(22, log.read(gen, 0).size());
        for (CompletableFuture<HttpResponse<String>> c : connections) {
            HttpResponse<String> res = c.get(30, TimeUnit.SECONDS);
            assertEquals(200, res.statusCode());
            assertEquals(expected.toString(), withoutKeepAlives(res.body()));
        }
    }

    @Test
    void eventsWrittenByAnotherInstanceReachAConnectedClient() throws Exception {
        String gen = streamId();
        String token = tokens.issue(gen, Duration.ofMinutes(15)).token();
        HttpResponse<InputStream> res = open(token);
        assertEquals(200, res.statusCode());
        // As another instance would: rows plus NOTIFY on its own connection, nothing in this process.
        try (Connection other = DriverManager.getConnection(jdbcUrl, "postgres", "postgres")) {
            insertAndNotify(other, gen, 1, "progress", "{\"stage\":\"subject\"}");
            insertAndNotify(other, gen, 2, "variant", "{\"index\":0}");
            insertAndNotify(other, gen, 3, "done", "{\"status\":\"completed\"}");
        }
        String body = readToEnd(res);
        assertEquals("id: 1\nevent: progress\ndata: {\"stage\":\"subject\"}\n\n"
                + "id: 2\nevent: variant\ndata: {\"index\":0}\n\n"
                + "id: 3\nevent: done\ndata: {\"status\":\"completed\"}\n\n", withoutKeepAlives(body));
    }

    @Test
    void eventsAppendedWhileTheListenConnectionIsDownArriveAfterItReconnects() throws Exception {
        String gen = streamId();
        String token = tokens.issue(gen).token();
        HttpResponse<InputStream> res = open(token);
        try (Connection other = DriverManager.getConnection(jdbcUrl, "postgres", "postgres");
             java.sql.Statement st = other.createStatement()) {
            st.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'cardgen-listen-cardgen_events'");
            insertAndNotify(other, gen, 1, "progress", "{\"stage\":\"subject\"}");
            insertAndNotify(other, gen, 2, "done", "{\"status\":\"completed\"}");
        }
        String body = readToEnd(res);
        assertEquals("id: 1\nevent: progress\ndata: {\"stage\":\"subject\"}\n\n"
                + "id: 2\nevent: done\ndata: {\"status\":\"completed\"}\n\n", withoutKeepAlives(body));
    }

    @Test
    void keepAliveCommentsArriveWhileNothingHappens() throws Exception {
        String gen = streamId();
        String token = tokens.issue(gen, Duration.ofMinutes(15)).token();
        HttpResponse<InputStream> res = open(token);
        try (InputStream in = res.body()) {
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String first = CompletableFuture.supplyAsync(() -> {
                try {
                    reader.readLine(); // the retry hint and its blank line
                    reader.readLine();
                    return reader.readLine() + "\n" + reader.readLine() + "\n";
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertEquals(": keep-alive\n\n", first);
        }
    }

    @Test
    void anUnknownTokenIs404InTheErrorShape() throws Exception {
        for (String token : List.of("A".repeat(43), "short")) {
            HttpResponse<String> res = http.send(get(token), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, res.statusCode());
            assertEquals("application/json", res.headers().firstValue("Content-Type").orElseThrow());
            assertEquals("{\"error\":{\"type\":\"invalid_request_error\",\"code\":\"resource_missing\",\"message\":\"No such stream.\"}}", res.body());
        }
    }

    @Test
    void anExpiredTokenIs410StreamExpired() throws Exception {
        String gen = streamId();
        log.append(gen, "done", Map.of("status", "completed"));
        String token = tokens.issue(gen, Duration.ofMinutes(15)).token();
        clock.advance(Duration.ofMinutes(15).plusSeconds(1));
        HttpResponse<String> res;
        try {
            res = http.send(get(token), HttpResponse.BodyHandlers.ofString());
        } finally {
            clock.reset();
        }
        assertEquals(410, res.statusCode());
        assertEquals("application/json", res.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(res.body().startsWith("{\"error\":{\"type\":\"invalid_request_error\",\"code\":\"stream_expired\",\"message\":\""), res.body());
    }

    private HttpRequest get(String token) {
        return HttpRequest.newBuilder(URI.create(streamBase.toString() + token)).timeout(Duration.ofSeconds(30)).GET().build();
    }

    private static String streamId() {
        return Ids.next(Ids.GENERATION);
    }

    /** Map.of has no order; the wire bytes of a map follow its iteration order. */
    private static Map<String, Object> ordered(Object... kv) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** The body without keep-alive comments and without the retry hint, which must come first. */
    static String withoutKeepAlives(String body) {
        assertTrue(body.startsWith("retry: 3000\n\n"), body);
        return body.substring("retry: 3000\n\n".length()).replace(": keep-alive\n\n", "");
    }

    /** The stream of {@code token}, once its headers arrived (within {@link #TIMEOUT}). */
    private HttpResponse<InputStream> open(String token) throws Exception {
        return http.sendAsync(get(token), HttpResponse.BodyHandlers.ofInputStream()).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** The whole body, read until the server closes the stream; fails after {@link #TIMEOUT}. */
    private static String readToEnd(HttpResponse<InputStream> res) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try (InputStream in = res.body()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    /** Reads until {@code n} events arrived; each as "name data". */
    private static List<String> readFrames(BufferedReader reader, int n) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            List<String> frames = new ArrayList<>();
            String name = null;
            try {
                while (frames.size() < n) {
                    String line = reader.readLine();
                    if (line == null) {
                        break;
                    }
                    if (line.startsWith("event: ")) {
                        name = line.substring(7);
                    } else if (line.startsWith("data: ")) {
                        frames.add(name + " " + line.substring(6));
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return frames;
        }).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    private static void insertAndNotify(Connection c, String streamId, int seq, String event, String data) throws Exception {
        try (PreparedStatement ins = c.prepareStatement("INSERT INTO stream_events (stream_id, seq, event, data) VALUES (?, ?, ?, ?)");
             PreparedStatement notify = c.prepareStatement("SELECT pg_notify('cardgen_events', ?)")) {
            ins.setString(1, streamId);
            ins.setInt(2, seq);
            ins.setString(3, event);
            ins.setString(4, data);
            ins.executeUpdate();
            notify.setString(1, streamId + ":" + seq);
            notify.execute();
        }
    }
}
