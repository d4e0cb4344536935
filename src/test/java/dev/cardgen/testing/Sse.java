package dev.cardgen.testing;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Reads a Server-Sent Events stream as raw lines, the way a browser would see the bytes. */
public final class Sse {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a stream opened without a request timeout may stay open before the reader gives up. */
    static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(60);
    private static final ExecutorService READERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "sse-test-reader");
        t.setDaemon(true);
        return t;
    });

    private Sse() {
    }

    /** One frame: its {@code event:} name, its {@code data:} JSON, and the raw text. */
    public record Event(String name, String dataJson, String raw) {
        /** The frame's {@code id:} field, or null. */
        public String id() {
            for (String line : raw.split("\n")) {
                if (line.startsWith("id: ")) {
                    return line.substring(4);
                }
            }
            return null;
        }

        public Map<String, Object> data() {
            try {
                return JSON.readValue(dataJson, new TypeReference<>() {
                });
            } catch (Exception e) {
                throw new AssertionError("data is not JSON: " + dataJson, e);
            }
        }
    }

    /** Reads frames until the server closes the connection (it must, after done or error), within {@code timeout} of the request. */
    public static List<Event> readUntilClosed(String url, Duration timeout) throws Exception {
        return readUntilClosed(url, timeout, null);
    }

    /** As a browser's EventSource reconnecting: with {@code Last-Event-ID} when it is not null. */
    public static List<Event> readUntilClosed(String url, Duration timeout, String lastEventId) throws Exception {
        return readUntilClosed(open(url, timeout, lastEventId));
    }

    /** Connects and returns once the response's headers arrived (the server has chosen where the stream starts). */
    public static HttpResponse<java.io.InputStream> open(String url, Duration timeout, String lastEventId) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout);
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        // HTTP/1.1, as a browser's EventSource and curl talk to an http:// URL. The JDK's default would
        // upgrade to HTTP/2 (h2c), and JDK 17's client fails every open stream of a connection when a
        // GOAWAY arrives, even one the server ended just before: a stream an instance ends cleanly on
        // SIGTERM then read as cut, now and then (ScaleInIT).
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()
                .send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
    }

    /**
     * Reads the frames of an opened stream until the server closes it, within the request's timeout
     * (or {@link #DEFAULT_DEADLINE}): the JDK client's timeout covers the headers only, so a stream that
     * never ends would otherwise hold the test forever. The reading runs on a thread of its own,
     * because a blocked read of the body does not give up on its own.
     */
    public static List<Event> readUntilClosed(HttpResponse<java.io.InputStream> response) throws Exception {
        Duration deadline = response.request().timeout().orElse(DEFAULT_DEADLINE);
        if (response.statusCode() != 200) {
            throw new AssertionError("stream answered " + response.statusCode());
        }
        if (!response.headers().firstValue("content-type").orElse("").startsWith("text/event-stream")) {
            throw new AssertionError("not an event stream: " + response.headers().map());
        }
        List<Event> events = new CopyOnWriteArrayList<>();
        Future<?> reading = READERS.submit(() -> {
            readFrames(response.body(), events);
            return null;
        });
        try {
            reading.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            reading.cancel(true);
            response.body().close();
            throw new AssertionError("the stream was still open after " + deadline + " of reading; read so far: " + events);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
        return List.copyOf(events);
    }

    private static void readFrames(java.io.InputStream body, List<Event> events) throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            String name = null;
            String data = null;
            StringBuilder raw = new StringBuilder();
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isEmpty()) {
                    if (name != null || data != null) {
                        events.add(new Event(name, data, raw.toString()));
                    }
                    name = null;
                    data = null;
                    raw.setLength(0);
                    continue;
                }
                if (line.startsWith(":") || line.startsWith("retry: ")) {
                    continue; // keep-alive comment
                }
                raw.append(line).append('\n');
                if (line.startsWith("event: ")) {
                    name = line.substring(7);
                } else if (line.startsWith("data: ")) {
                    data = line.substring(6);
                }
            }
        }
    }
}
