package dev.cardgen.generation;

import dev.cardgen.account.QuotaService;
import dev.cardgen.generation.GenerationApiTest.Created;
import dev.cardgen.stream.EventLog;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.HeldWorkers;
import dev.cardgen.testing.OneWorkerProfile;
import dev.cardgen.testing.OpenApiContract;
import dev.cardgen.testing.Sse;
import dev.cardgen.testing.TestClock;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.cardgen.generation.GenerationApiTest.awaitStatus;
import static dev.cardgen.generation.GenerationApiTest.create;
import static dev.cardgen.generation.GenerationApiTest.newGeneration;
import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The failure paths, made deterministic: one job worker, held by {@link HeldWorkers} until the test
 * lets it go, so a new generation stays queued exactly as long as the test needs.
 */
@QuarkusTest
@TestProfile(OneWorkerProfile.class)
class GenerationResilienceTest {

    @Inject
    HeldWorkers heldWorkers;
    @Inject
    QuotaService quota;
    @Inject
    EventLog events;
    @Inject
    GenerationService generations;
    @Inject
    TestClock clock;

    private HeldWorkers.Hold hold;

    @BeforeEach
    void holdTheWorker() {
        hold = heldWorkers.holdAll();
    }

    @AfterEach
    void letGo() {
        hold.close();
        clock.reset();
    }

    @Test
    void cancelWhileQueuedEndsWithOneErrorEventAndRefundsEverything() throws Exception {
        Created g = newGeneration(3);
        String id = g.id();
        Api.as(g.key()).get("/api/v1/generations/" + id).then().body("status", is("queued"));
        assertEquals(3, quota.used(g.acct().id(), quota.currentPeriod()));

        Api.as(g.key()).post("/api/v1/generations/" + id + "/cancel").then().statusCode(200)
                .body("status", is("failed")).body("error.code", is("canceled")).body("variants.size()", is(0));
        assertEquals(0, quota.used(g.acct().id(), quota.currentPeriod()));
        assertError(Api.as(g.key()).post("/api/v1/generations/" + id + "/cancel").then(), 409,
                "invalid_request_error", "generation_already_finished", null);

        List<Sse.Event> stream = Sse.readUntilClosed(g.streamUrl(), Duration.ofSeconds(30));
        assertEquals(1, stream.size(), stream.toString());
        assertEquals("error", stream.get(0).name());
        assertEquals(Map.of("generation_id", id, "code", "canceled", "message", "The generation was canceled."), stream.get(0).data());
        OpenApiContract.INSTANCE.assertEventsMatch(g.streamUrl(), stream);

        // Its job still runs once the worker is free: it must change nothing and add no second terminal event.
        hold.close();
        String gen2 = create(g.key(), Map.of("asset_id", g.asset(), "variants", 1)).path("id");
        awaitStatus(g.key(), gen2, "completed"); // one worker: the canceled job ran before this one
        assertEquals(1, events.read(id, 0).size());
        Api.as(g.key()).get("/api/v1/generations/" + id).then().body("status", is("failed")).body("error.code", is("canceled"));
    }

    @Test
    void assetDeletedWhileQueuedFailsAsAssetDeleted() throws Exception {
        Created g = newGeneration(2);
        Api.as(g.key()).delete("/api/v1/assets/" + g.asset()).then().statusCode(200);
        hold.close();
        awaitStatus(g.key(), g.id(), "failed");
        Api.as(g.key()).get("/api/v1/generations/" + g.id()).then().body("error.code", is("asset_deleted"));
        assertEquals("asset_deleted", closingError(g).get("code"));
        assertEquals(0, quota.used(g.acct().id(), quota.currentPeriod()));
    }

    /**
     * Timeout without a profile of its own (each profile restarts Quarkus): a first attempt starts the
     * generation and dies, and the clock moves 10 minutes on, past the default 120 s, before the job runs.
     */
    @Test
    void aRunPastTheTimeoutFailsAsTimeoutAndRefunds() throws Exception {
        Created g = newGeneration(3);
        String id = g.id();
        String period = quota.currentPeriod();
        generations.start(id);
        clock.advance(Duration.ofMinutes(10));

        hold.close();
        awaitStatus(g.key(), id, "failed");
        Api.as(g.key()).get("/api/v1/generations/" + id).then().body("error.code", is("timeout"))
                .body("error.message", is("The generation took longer than 120 s.")).body("variants.size()", is(0));
        assertEquals(Map.of("generation_id", id, "code", "timeout", "message", "The generation took longer than 120 s."), closingError(g));
        assertEquals(0, quota.used(g.acct().id(), period), "all 3 units refunded");
    }

    @Test
    void aResumedRunNeitherRepeatsAVariantNorLowersProgress() throws Exception {
        Created g = newGeneration(3);
        String id = g.id();
        // What a first attempt that died after variant 0 leaves behind: status running, the variant, its events.
        generations.start(id);
        generations.addVariant(id, 0, "{}", 600, 800);
        for (String[] p : new String[][]{{"subject", "0.05"}, {"scene", "0.2"}, {"layout", "0.3"}, {"render", "0.4"}}) {
            events.append(id, "progress", progress(id, p[0], Double.parseDouble(p[1])));
        }
        Map<String, Object> variant = new LinkedHashMap<>();
        variant.put("generation_id", id);
        variant.put("index", 0);
        variant.put("preview_url", "http://localhost/api/v1/generations/" + id + "/variants/0/preview?expires=1&signature=x");
        events.append(id, "variant", variant);
        events.append(id, "progress", progress(id, "render", 0.6));

        hold.close();
        awaitStatus(g.key(), id, "completed");
        List<Sse.Event> stream = Sse.readUntilClosed(g.streamUrl(), Duration.ofSeconds(30));
        GenerationApiTest.assertStory(id, stream, 3);
        assertEquals(3, quota.used(g.acct().id(), quota.currentPeriod()));
        Api.as(g.key()).get("/api/v1/generations/" + id).then().body("variants.size()", is(3));
    }

    /** The stream read to its close: its last event, which must be the error, as data. */
    private static Map<String, Object> closingError(Created g) throws Exception {
        List<Sse.Event> stream = Sse.readUntilClosed(g.streamUrl(), Duration.ofSeconds(30));
        Sse.Event last = stream.get(stream.size() - 1);
        assertEquals("error", last.name(), stream.toString());
        return last.data();
    }

    private static Map<String, Object> progress(String id, String stage, double value) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("generation_id", id);
        data.put("stage", stage);
        data.put("progress", value);
        return data;
    }
}
