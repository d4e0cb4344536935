package dev.cardgen.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.RestAssured;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * HTTP/1.1 over a plain socket, for the hostile-input tests: the request goes out byte for byte
 * as written (no client normalises it), and one response is read back with a deadline, so a hang
 * fails the test. Every exchange is tallied in {@code target/hostile-tally.txt}
 * ({@code status json|bare|closed}) for bench/hostile.sh.
 */
public final class RawHttp {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int DEADLINE_MS = 15_000;

    private RawHttp() {
    }

    /** One response; {@code status} 0 when the server closed the connection without answering. */
    public record Reply(int status, Map<String, String> headers, byte[] body, boolean closedAfter) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + text(), e);
            }
        }
    }

    public static byte[] bytes(String ascii) {
        return ascii.getBytes(StandardCharsets.ISO_8859_1);
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    /** A complete request: the head as given (CRLF line ends added), Content-Length from the body when it is not null. */
    public static byte[] request(String method, String target, String key, String contentType, byte[] body, String... extraHeaders) {
        return requestTo("localhost", method, target, key, contentType, body, extraHeaders);
    }

    /** {@link #request} with this {@code Host} header. */
    public static byte[] requestTo(String host, String method, String target, String key, String contentType, byte[] body,
                                   String... extraHeaders) {
        StringBuilder head = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\nHost: ").append(host).append("\r\n");
        if (key != null) {
            head.append("Authorization: Bearer ").append(key).append("\r\n");
        }
        if (contentType != null) {
            head.append("Content-Type: ").append(contentType).append("\r\n");
        }
        if (body != null) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        for (String h : extraHeaders) {
            head.append(h).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        return concat(bytes(head.toString()), body == null ? new byte[0] : body);
    }

    public static Reply send(byte[] request) {
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(DEADLINE_MS);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return tally(read(socket.getInputStream()));
        } catch (SocketTimeoutException e) {
            tally("hang");
            throw new AssertionError("no answer within " + DEADLINE_MS + " ms", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends, reads one response (status 0 when there was none), then asserts that the server closes the
     * connection cleanly: the next read is the end of the stream, not a reset and not a wait for
     * another request.
     */
    public static Reply sendExpectingClose(byte[] request) {
        try (Socket socket = new Socket("localhost", RestAssured.port)) {
            socket.setSoTimeout(DEADLINE_MS);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            Reply r = tally(read(socket.getInputStream()));
            try {
                assertEquals(-1, socket.getInputStream().read(), "the server closes the connection after the answer");
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the connection was still open " + DEADLINE_MS + " ms after the answer", e);
            } catch (SocketException e) {
                // A reset can discard the answer before the client reads it: a close must be a clean one.
                throw new AssertionError("the server reset the connection instead of closing it", e);
            }
            return r;
        } catch (SocketTimeoutException e) {
            tally("hang");
            throw new AssertionError("no answer within " + DEADLINE_MS + " ms", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one response: head, then a Content-Length or chunked body, or to the end of the stream. */
    public static Reply read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int last = 0;
        for (int b; (b = readOrEnd(in)) >= 0; ) {
            head.write(b);
            last = (last << 8) | b;
            if (last == 0x0D0A0D0A) {
                break;
            }
        }
        if (head.size() == 0) {
            return new Reply(0, Map.of(), new byte[0], true);
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        byte[] body;
        if (headers.containsKey("content-length")) {
            body = in.readNBytes(Integer.parseInt(headers.get("content-length")));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = readChunked(in);
        } else {
            body = in.readAllBytes();
        }
        boolean closed = "close".equalsIgnoreCase(headers.get("connection"));
        return new Reply(status, headers, body, closed);
    }

    private static int readOrEnd(InputStream in) throws IOException {
        try {
            return in.read();
        } catch (java.net.SocketException e) {
            return -1; // reset by the server: no answer
        }
    }

    private static byte[] readChunked(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            StringBuilder line = new StringBuilder();
            for (int b; (b = in.read()) >= 0 && b != '\n'; ) {
                line.append((char) b);
            }
            int size = Integer.parseInt(line.toString().trim(), 16);
            if (size == 0) {
                in.readNBytes(2);
                return out.toByteArray();
            }
            out.writeBytes(in.readNBytes(size));
            in.readNBytes(2);
        }
    }

    /** The reply is our error shape: this status, JSON with exactly type, code, message (and param when given), and an X-Request-Id. */
    public static void assertError(Reply r, int status, String code, String param) {
        assertEquals(status, r.status(), () -> "status of " + r.text());
        assertNotNull(r.header("X-Request-Id"), "X-Request-Id");
        assertTrue(r.header("Content-Type").startsWith("application/json"), r.header("Content-Type"));
        JsonNode error = r.json().get("error");
        assertEquals(1, r.json().size(), r.text());
        assertEquals(code, error.path("code").asText(), r.text());
        assertTrue(error.path("type").asText().endsWith("_error"), r.text());
        assertFalse(error.path("message").asText().isBlank(), r.text());
        if (param == null) {
            assertFalse(error.has("param"), r.text());
        } else {
            assertEquals(param, error.path("param").asText(), r.text());
        }
    }

    /** Sends, and asserts the error shape with {@link #assertError}. */
    public static Reply expectError(byte[] request, int status, String code, String param) {
        Reply r = send(request);
        assertError(r, status, code, param);
        return r;
    }

    private static Reply tally(Reply r) {
        boolean json = r.status() > 0 && r.header("Content-Type") != null && r.header("Content-Type").startsWith("application/json")
                && r.json().has("error");
        tally(r.status() + " " + (r.status() == 0 ? "closed" : r.status() < 400 ? "ok" : json ? "json" : "bare"));
        if (r.status() >= 500 && r.status() != 505 && r.status() != 503) {
            fail("5xx: " + r.text());
        }
        return r;
    }

    private static void tally(String line) {
        try {
            Files.writeString(Path.of("target", "hostile-tally.txt"), line + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
