package dev.cardgen.playground;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Chromium;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A page served from another origin (http://127.0.0.1:&lt;other port&gt;, the API being on
 * localhost) uploads, creates a generation with preflighted headers, reads exposed headers and
 * follows the stream, all through CORS in a real Chromium.
 */
@QuarkusTest
class CrossOriginBrowserTest {

    private static Chromium chrome;
    private static HttpServer otherOrigin;

    @TestHTTPResource("/")
    URL api;

    @BeforeAll
    static void start() throws Exception {
        chrome = Chromium.shared();
        otherOrigin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        otherOrigin.createContext("/", exchange -> {
            byte[] page = "<!doctype html><title>shop</title><p>A seller's app".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            exchange.getResponseBody().write(page);
            exchange.close();
        });
        otherOrigin.start();
    }

    @AfterAll
    static void stop() {
        if (otherOrigin != null) {
            otherOrigin.stop(0);
        }
    }

    @Test
    void aPageOnAnotherOriginCallsTheApiAndFollowsTheStream() throws Exception {
        String apiBase = "http://localhost:" + api.getPort();
        chrome.open("http://127.0.0.1:" + otherOrigin.getAddress().getPort() + "/");
        byte[] photo = Files.readAllBytes(PlaygroundBrowserTest.coffeeAt1200());
        chrome.script("""
                const [base, key, photoB64] = arguments;
                window.result = null;
                (async () => {
                  const auth = { Authorization: 'Bearer ' + key };
                  const bytes = Uint8Array.from(atob(photoB64), c => c.charCodeAt(0));
                  const form = new FormData();
                  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'espresso-cup.jpg');
                  const up = await fetch(base + '/api/v1/assets', { method: 'POST', headers: auth, body: form });
                  const asset = await up.json();
                  const headers = Object.assign({ 'Content-Type': 'application/json', 'Idempotency-Key': 'xo-' + Date.now() }, auth);
                  const created = await fetch(base + '/api/v1/generations', { method: 'POST', headers,
                    body: JSON.stringify({ asset_id: asset.id, variants: 1 }) });
                  const gen = await created.json();
                  const again = await fetch(base + '/api/v1/generations', { method: 'POST', headers,
                    body: JSON.stringify({ asset_id: asset.id, variants: 1 }) });
                  const denied = await fetch(base + '/api/v1/assets');
                  const deniedBody = await denied.json();
                  const events = [];
                  const es = new EventSource(gen.stream_url);
                  es.addEventListener('variant', e => events.push('variant'));
                  es.addEventListener('done', e => {
                    events.push('done');
                    es.close();
                    window.result = { upload: up.status, created: created.status, requestId: created.headers.get('X-Request-Id'),
                      replayed: again.headers.get('Idempotent-Replayed'), denied: denied.status, deniedCode: deniedBody.error.code,
                      events };
                  });
                })().catch(e => { window.result = { failure: String(e) }; });
                """, apiBase, Api.BOOTSTRAP_KEY, java.util.Base64.getEncoder().encodeToString(photo));
        await().atMost(Duration.ofSeconds(40)).pollInterval(Duration.ofMillis(200))
                .until(() -> !chrome.script("return window.result").isNull());
        JsonNode r = chrome.script("return window.result");
        assertTrue(r.path("failure").isMissingNode(), r.toString());
        assertEquals(201, r.path("upload").asInt(), r.toString());
        assertEquals(202, r.path("created").asInt(), r.toString());
        assertTrue(r.path("requestId").asText().startsWith("req_"), r.toString());
        assertEquals("true", r.path("replayed").asText(), r.toString());
        assertEquals(401, r.path("denied").asInt(), r.toString());
        assertEquals("api_key_missing", r.path("deniedCode").asText(), r.toString());
        assertEquals("[\"variant\",\"done\"]", r.path("events").toString());
    }
}
