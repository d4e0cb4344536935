package dev.cardgen.api;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Leftovers;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.net.Socket;
import java.util.LinkedHashMap;
import java.util.Map;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.expectError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Malformed and oversized HTTP, sent as raw bytes. Where the connection is still in a known state the
 * answer is the JSON error shape; where Netty cannot frame the request any more it is closed (with a
 * bare 400 at most). Which is which is the table in docs/http-edge.md.
 */
@QuarkusTest
class HttpEdgeHostileTest {

    private static final String KEY = Api.BOOTSTRAP_KEY;
    private static final String STREAM = "/api/v1/render-stream/no-such-token";

    @Test
    void longUrlIs414AndBigHeadersAre431InTheErrorShape() {
        expectError(bytes("GET /api/v1/projects?x=" + "a".repeat(5000) + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + KEY + "\r\n\r\n"),
                414, "url_too_long", null);
        StringBuilder pad = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            pad.append("X-Pad-").append(i).append(": ").append("p".repeat(4000)).append("\r\n");
        }
        expectError(bytes("GET /api/v1/projects HTTP/1.1\r\nHost: x\r\n" + pad + "\r\n"), 431, "headers_too_large", null);
    }

    @Test
    void unknownHttpVersionIs505AndClosed() {
        RawHttp.Reply r = expectError(bytes("GET /api/v1/projects HTTP/9.9\r\nHost: x\r\n\r\n"), 505, "http_version_not_supported", null);
        assertTrue(r.closedAfter());
    }

    @Test
    void otherMethodsOnAStreamUrlAre405WithAllow() {
        for (String method : new String[] {"POST", "DELETE", "PUT"}) {
            RawHttp.Reply r = expectError(bytes(method + " " + STREAM + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
                    405, "method_not_allowed", null);
            assertEquals("GET", r.header("Allow"));
        }
        RawHttp.Reply head = RawHttp.send(bytes("HEAD " + STREAM + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"));
        assertEquals(405, head.status());
        assertEquals("GET", head.header("Allow"));
    }

    /**
     * The rows of docs/http-edge.md whose connection cannot be reused: each gets exactly the answer the
     * table gives (a 400 without body, or none at all) and the server closes the connection. None of the
     * requests sends {@code Connection: close}, so the close is the server's own.
     */
    @Test
    void unframeableRequestsAreClosedWithoutABody() {
        String json = "{\"name\":\"q\"}";
        String start = "POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + KEY + "\r\nContent-Type: application/json\r\n";
        Map<String, byte[]> bare400 = new LinkedHashMap<>();
        bare400.put("Transfer-Encoding and Content-Length",
                bytes(start + "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\nc\r\n" + json + "\r\n0\r\n\r\n"));
        bare400.put("two Content-Lengths", bytes(start + "Content-Length: 12\r\nContent-Length: 13\r\n\r\n" + json));
        bare400.put("a control character in a header value", bytes(start + "X-Bad: a\u0001b\r\nContent-Length: 12\r\n\r\n" + json));
        bare400.put("a control character in a header name", bytes(start + "X-B\u0001ad: ab\r\nContent-Length: 12\r\n\r\n" + json));
        bare400.put("NUL in Idempotency-Key", bytes(start + "Idempotency-Key: a\u0000b\r\nContent-Length: 12\r\n\r\n" + json));
        bare400.forEach((row, request) -> {
            RawHttp.Reply r = RawHttp.sendExpectingClose(request);
            assertEquals(400, r.status(), () -> row + ": status " + r.status() + " " + r.text());
            assertEquals(0, r.body().length, () -> row + ": body " + r.text());
        });
        RawHttp.Reply badChunk = RawHttp.sendExpectingClose(bytes(start + "Transfer-Encoding: chunked\r\n\r\nzz\r\n" + json + "\r\n0\r\n\r\n"));
        assertEquals(0, badChunk.status(), () -> "a bad chunk size: no answer, got " + badChunk.status() + " " + badChunk.text());
        // The project was never created by any of them.
        assertEquals(0, (int) Api.as(KEY).get("/api/v1/projects?limit=100").then().statusCode(200).extract()
                .jsonPath().getList("data.name").stream().filter("q"::equals).count());
    }

    /** A client that sends the whole body without Expect: 100-continue still reads the JSON 413 (lingering close). */
    @Test
    void oversizedBodySentWholeStillGetsTheJson413() throws Exception {
        int n = 21 * 1024 * 1024;
        try (Socket s = new Socket("localhost", RestAssured.port)) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(bytes("POST /api/v1/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + KEY
                    + "\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: " + n + "\r\n\r\n"));
            byte[] block = new byte[1 << 20];
            for (int sent = 0; sent < n; sent += block.length) {
                out.write(block, 0, Math.min(block.length, n - sent));
            }
            out.flush();
            RawHttp.Reply r = RawHttp.read(s.getInputStream());
            RawHttp.assertError(r, 413, "file_too_large", null);
            assertEquals("close", r.header("Connection"));
            assertEquals(-1, s.getInputStream().read(), "closed after the body was read off");
        }
    }

    /**
     * A chunked upload declares no length: it is refused with the JSON 413 when its bytes cross the
     * limit, and the rest is read off, so a client that sends the whole body first still reads it.
     */
    @Test
    void chunkedBodyOverTheLimitGetsTheJson413() throws Exception {
        byte[] head = bytes("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"big.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n");
        sendChunkedThenExpect413("/api/v1/assets", "multipart/form-data; boundary=b", head, (byte) 0, new byte[0]);
    }

    /**
     * A chunked JSON body has no multipart parser to count it: the edge counts it, answers the JSON
     * 413 once it passes the limit and reads the rest off, so a client that sends it whole reads the answer.
     */
    @Test
    void chunkedJsonBodyOverTheLimitGetsTheJson413() throws Exception {
        sendChunkedThenExpect413("/api/v1/generations", "application/json", bytes("{\"asset_id\":\""), (byte) 'a', bytes("\"}"));
    }

    /**
     * Sends head, 30 MB of {@code fill} and tail as one chunked POST of a fresh account, then expects the
     * JSON 413 and the close, and that no row, blob or spooled file was left behind.
     */
    private static void sendChunkedThenExpect413(String path, String contentType, byte[] head, byte fill, byte[] tail)
            throws Exception {
        Api.TestAccount acct = Api.newAccount();
        Leftovers before = Leftovers.of(acct.id());
        try (Socket s = new Socket("localhost", RestAssured.port)) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(bytes("POST " + path + " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + acct.key()
                    + "\r\nContent-Type: " + contentType + "\r\nTransfer-Encoding: chunked\r\n\r\n"));
            writeChunked(out, head, 30 * 1024 * 1024, fill, tail);
            assertJson413ThenClosed(s);
        }
        before.assertNothingLeftBehind(acct.id());
    }

    /** Writes {@code first}, then {@code n} bytes of {@code fill} in 1 MiB chunks, then {@code last} (if any) and the final chunk. */
    private static void writeChunked(OutputStream out, byte[] first, int n, byte fill, byte[] last) throws java.io.IOException {
        out.write(bytes(Integer.toHexString(first.length) + "\r\n"));
        out.write(first);
        out.write(bytes("\r\n"));
        byte[] block = new byte[1 << 20];
        java.util.Arrays.fill(block, fill);
        for (int sent = 0; sent < n; sent += block.length) {
            out.write(bytes(Integer.toHexString(block.length) + "\r\n"));
            out.write(block);
            out.write(bytes("\r\n"));
        }
        if (last.length > 0) {
            out.write(bytes(Integer.toHexString(last.length) + "\r\n"));
            out.write(last);
            out.write(bytes("\r\n"));
        }
        out.write(bytes("0\r\n\r\n"));
        out.flush();
    }

    /**
     * The JSON 413 arrives, then the server closes once the body has been read off: well before the
     * lingering close's 10 s bound (cardgen.http.linger-timeout), which would otherwise end the wait.
     */
    private static void assertJson413ThenClosed(Socket s) throws java.io.IOException {
        RawHttp.Reply r = RawHttp.read(s.getInputStream());
        RawHttp.assertError(r, 413, "file_too_large", null);
        assertEquals("close", r.header("Connection"));
        s.setSoTimeout(5_000); // a SocketTimeoutException here: the close waited for the bound, not for the body's end
        assertEquals(-1, s.getInputStream().read(), "closed after the body was read off");
    }

    /** The edge reads a chunked JSON body itself; one within the limit still reaches the resource whole. */
    @Test
    void chunkedJsonBodyWithinTheLimitIsServed() {
        String json = "{\"name\":\"chunked-body\"}";
        RawHttp.Reply r = RawHttp.send(bytes("POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + KEY
                + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + "9\r\n" + json.substring(0, 9) + "\r\n" + Integer.toHexString(json.length() - 9) + "\r\n" + json.substring(9)
                + "\r\n0\r\n\r\n"));
        assertEquals(201, r.status(), r::text);
        assertEquals("chunked-body", r.json().path("name").asText());
        assertEquals("project", r.json().path("object").asText());
    }

    @Test
    void oversizedBodyIsAnsweredBeforeItIsSent() throws Exception {
        try (Socket s = new Socket("localhost", RestAssured.port)) {
            s.setSoTimeout(20_000);
            s.getOutputStream().write(bytes("POST /api/v1/assets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + KEY
                    + "\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 900000000\r\n\r\n"));
            RawHttp.Reply r = RawHttp.read(s.getInputStream());
            RawHttp.assertError(r, 413, "file_too_large", null);
            assertNull(r.header("Transfer-Encoding"));
        }
    }
}
