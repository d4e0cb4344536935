package dev.cardgen.stream;

import dev.cardgen.core.Ids;
import dev.cardgen.testing.JobsStreamProfile;
import dev.cardgen.testing.Sse;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** What a browser's EventSource relies on: ids, resuming with Last-Event-ID, and 204 to stop it. */
@QuarkusTest
@TestProfile(JobsStreamProfile.class)
class StreamResumeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @Inject
    EventLog log;
    @Inject
    StreamTokens tokens;
    @TestHTTPResource("/api/v1/render-stream/")
    URL streamBase;

    @Test
    void everyEventCarriesItsSeqAsIdAndLastEventIdReplaysOnlyWhatFollows() throws Exception {
        String gen = Ids.next(Ids.GENERATION);
        log.append(gen, "progress", Map.of("stage", "subject"));
        log.append(gen, "variant", Map.of("index", 0));
        log.append(gen, "variant", Map.of("index", 1));
        log.append(gen, "done", Map.of("status", "completed"));
        String url = streamBase + tokens.issue(gen).token();

        List<Sse.Event> all = Sse.readUntilClosed(url, TIMEOUT);
        assertEquals(List.of("1", "2", "3", "4"), all.stream().map(Sse.Event::id).toList());
        assertEquals(List.of("progress", "variant", "variant", "done"), all.stream().map(Sse.Event::name).toList());

        List<Sse.Event> after2 = Sse.readUntilClosed(url, TIMEOUT, "2");
        assertEquals(List.of("id: 3\nevent: variant\ndata: {\"index\":1}\n", "id: 4\nevent: done\ndata: {\"status\":\"completed\"}\n"),
                after2.stream().map(Sse.Event::raw).toList());
    }

    @Test
    void aLastEventIdAtOrAfterTheTerminalEventIs204SoEventSourceStops() throws Exception {
        String gen = Ids.next(Ids.GENERATION);
        log.append(gen, "progress", Map.of("stage", "subject"));
        log.append(gen, "error", Map.of("generation_id", gen, "code", "canceled", "message", "Canceled."));
        String token = tokens.issue(gen).token();
        HttpClient http = HttpClient.newHttpClient();
        for (String id : List.of("2", "3", "999")) {
            HttpResponse<String> res = http.send(get(token, id), HttpResponse.BodyHandlers.ofString());
            assertEquals(204, res.statusCode(), "Last-Event-ID " + id);
            assertEquals("", res.body());
            assertFalse(res.headers().firstValue("Content-Type").isPresent());
        }
        // One before the end still gets the terminal event.
        List<Sse.Event> last = Sse.readUntilClosed(streamBase + token, TIMEOUT, "1");
        assertEquals(List.of("2"), last.stream().map(Sse.Event::id).toList());
        assertEquals("error", last.get(0).name());
    }

    @Test
    void aResumedConnectionOnARunningStreamGetsTheRestThenTheLiveEvents() throws Exception {
        String gen = Ids.next(Ids.GENERATION);
        log.append(gen, "progress", Map.of("stage", "subject"));
        log.append(gen, "progress", Map.of("stage", "scene"));
        String url = streamBase + tokens.issue(gen).token();
        // Headers arrive once the server has fixed where each connection starts.
        HttpResponse<InputStream> resumed = Sse.open(url, TIMEOUT, "1");
        HttpResponse<InputStream> beyond = Sse.open(url, TIMEOUT, "50");
        log.append(gen, "variant", Map.of("index", 0));
        log.append(gen, "done", Map.of("status", "completed"));
        assertEquals(List.of("2", "3", "4"), ids(resumed));
        // An id we never sent on a running stream resumes after the last event there was when it connected.
        assertEquals(List.of("3", "4"), ids(beyond));
    }

    @Test
    void aLastEventIdThatIsNotOneOfOursGetsTheFullReplay() throws Exception {
        String gen = Ids.next(Ids.GENERATION);
        log.append(gen, "progress", Map.of("stage", "subject"));
        log.append(gen, "done", Map.of("status", "completed"));
        String url = streamBase + tokens.issue(gen).token();
        for (String id : List.of("abc", "-3", "")) {
            assertEquals(List.of("1", "2"), Sse.readUntilClosed(url, TIMEOUT, id).stream().map(Sse.Event::id).toList(), id);
        }
    }

    private static List<String> ids(HttpResponse<InputStream> opened) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Sse.readUntilClosed(opened).stream().map(Sse.Event::id).toList();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    private HttpRequest get(String token, String lastEventId) {
        return HttpRequest.newBuilder(URI.create(streamBase + token)).header("Last-Event-ID", lastEventId).timeout(TIMEOUT).build();
    }
}
