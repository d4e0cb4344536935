package dev.cardgen.stream;

import dev.cardgen.core.Ids;
import dev.cardgen.testing.JobsStreamProfile;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@TestProfile(JobsStreamProfile.class)
class EventLogTest {

    @Inject
    EventLog log;
    @Inject
    StreamTokens tokens;

    @Test
    void concurrentAppendsGetDistinctConsecutiveSeqsAndAFollowerSeesEachOnceInOrder() throws Exception {
        String gen = Ids.next(Ids.GENERATION);
        CompletableFuture<List<StreamEvent>> followed = log.follow(gen).collect().asList()
                .subscribeAsCompletionStage().toCompletableFuture();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<CompletableFuture<Void>> writers = IntStream.range(0, 4).mapToObj(w -> CompletableFuture.runAsync(() -> {
                for (int i = 0; i < 25; i++) {
                    log.append(gen, "progress", Map.of("writer", w, "i", i));
                }
            }, pool)).toList();
            CompletableFuture.allOf(writers.toArray(CompletableFuture[]::new)).get();
        } finally {
            pool.shutdown();
        }
        log.append(gen, "done", Map.of("status", "completed"));
        List<StreamEvent> events = followed.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(101, events.size());
        for (int i = 0; i < events.size(); i++) {
            assertEquals(i + 1, events.get(i).seq());
        }
        assertEquals(events, log.read(gen, 0));
        assertEquals("done", events.get(100).event());
    }

    @Test
    void severalEventsAppendInOrderAndInTheCallersTransactionOnlyWhenItCommits() throws Exception {
        String gen = Ids.next(Ids.GENERATION);
        CompletableFuture<List<StreamEvent>> followed = log.follow(gen).collect().asList()
                .subscribeAsCompletionStage().toCompletableFuture();
        List<StreamEvent> two = log.appendAll(gen, List.of(new EventLog.Next("progress", Map.of("i", 1)),
                new EventLog.Next("variant", Map.of("index", 0))));
        assertEquals(List.of(new StreamEvent(gen, 1, "progress", "{\"i\":1}"), new StreamEvent(gen, 2, "variant", "{\"index\":0}")), two);

        // Rolled back: neither stored nor delivered.
        assertThrows(IllegalStateException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            log.appendInTransaction(gen, List.of(new EventLog.Next("progress", Map.of("i", 2))));
            throw new IllegalStateException("roll back");
        }));
        assertEquals(two, log.read(gen, 0));

        QuarkusTransaction.requiringNew().run(() -> log.appendInTransaction(gen, List.of(
                new EventLog.Next("progress", Map.of("i", 3)), new EventLog.Next("done", Map.of("status", "completed")))));
        List<StreamEvent> events = followed.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(List.of("progress", "variant", "progress", "done"), events.stream().map(StreamEvent::event).toList());
        assertEquals(List.of(1, 2, 3, 4), events.stream().map(StreamEvent::seq).toList());
        assertEquals("{\"i\":3}", events.get(2).dataJson());
        assertEquals(events, log.read(gen, 0));
    }

    @Test
    void tokensResolveUntilTheyExpire() {
        String gen = Ids.next(Ids.GENERATION);
        Instant before = Instant.now();
        IssuedToken issued = tokens.issue(gen);
        assertTrue(issued.token().matches("[A-Za-z0-9_-]{43}"));
        assertTrue(!issued.expiresAt().isBefore(before.plus(Duration.ofMinutes(15)).minusSeconds(2)));
        assertEquals(Optional.of(new StreamTokens.Resolved(gen, false)), tokens.resolve(issued.token()));
        assertEquals(Optional.empty(), tokens.resolve("C".repeat(43)));
        assertEquals(Optional.empty(), tokens.resolve("not a token"));
        IssuedToken expired = tokens.issue(gen, Duration.ofSeconds(-1));
        assertEquals(Optional.of(new StreamTokens.Resolved(gen, true)), tokens.resolve(expired.token()));
    }
}
