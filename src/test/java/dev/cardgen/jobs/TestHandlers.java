package dev.cardgen.jobs;

import io.agroal.api.AgroalDataSource;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Job handlers that exist only in tests; each records what happened to it, keyed by ref id. */
final class TestHandlers {
    private TestHandlers() {
    }

    /** Counts runs and give-ups per ref id. */
    abstract static class Recording implements JobHandler {
        final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        final Map<String, AtomicInteger> givenUp = new ConcurrentHashMap<>();
        final Map<String, String> reasons = new ConcurrentHashMap<>();

        int runs(String refId) {
            return runs.getOrDefault(refId, new AtomicInteger()).get();
        }

        int givenUp(String refId) {
            return givenUp.getOrDefault(refId, new AtomicInteger()).get();
        }

        void countRun(JobContext ctx) {
            runs.computeIfAbsent(ctx.refId(), k -> new AtomicInteger()).incrementAndGet();
        }

        @Override
        public void giveUp(String refId, String reason) {
            reasons.put(refId, reason);
            givenUp.computeIfAbsent(refId, k -> new AtomicInteger()).incrementAndGet();
        }
    }

    @Singleton
    static class Once extends Recording {
        @Override
        public String kind() {
            return "test-once";
        }

        @Override
        public void run(JobContext ctx) {
            countRun(ctx);
        }
    }

    @Singleton
    static class Throws extends Recording {
        @Override
        public String kind() {
            return "test-throws";
        }

        @Override
        public void run(JobContext ctx) {
            countRun(ctx);
            throw new IllegalStateException("boom on attempt " + ctx.attempt());
        }
    }

    /** Acts as if its instance died mid-run: hands its lease to a dead owner, for the test to let it expire. */
    @Singleton
    static class LeaseLoser extends Recording {
        private final AgroalDataSource ds;

        LeaseLoser(AgroalDataSource ds) {
            this.ds = ds;
        }

        @Override
        public String kind() {
            return "test-lease-loser";
        }

        @Override
        public void run(JobContext ctx) throws Exception {
            try (Connection c = ds.getConnection(); PreparedStatement ps = c.prepareStatement(
                    "UPDATE jobs SET lease_owner = 'inst_dead' WHERE id = ?")) {
                ps.setString(1, ctx.jobId());
                ps.executeUpdate();
            }
            countRun(ctx); // after the hand-over: a test that saw this run may expire its lease
        }
    }

    /** Blocks on a gate the test opens, recording start and end times and the peak concurrency. */
    abstract static class Gate extends Recording {
        record Span(String refId, Instant start, Instant end) {
        }

        volatile CountDownLatch gate = new CountDownLatch(0);
        final AtomicInteger running = new AtomicInteger();
        final AtomicInteger peak = new AtomicInteger();
        final List<Span> spans = new CopyOnWriteArrayList<>();

        /** Closes the gate and forgets every earlier run, so a test counts only its own. */
        void reset() {
            runs.clear();
            givenUp.clear();
            reasons.clear();
            gate = new CountDownLatch(1);
            running.set(0);
            peak.set(0);
            spans.clear();
        }

        @Override
        public void run(JobContext ctx) throws Exception {
            Instant start = Instant.now();
            countRun(ctx);
            peak.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                if (!gate.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("gate never opened");
                }
            } finally {
                running.decrementAndGet();
                spans.add(new Span(ctx.refId(), start, Instant.now()));
            }
        }
    }

    @Singleton
    static class Gated extends Gate {
        @Override
        public String kind() {
            return "test-gated";
        }
    }

    /** A gated kind that one instance runs on at most half its workers. */
    @Singleton
    static class HalfGated extends Gate {
        @Override
        public String kind() {
            return "test-gated-half";
        }

        @Override
        public int maxConcurrent(int workers) {
            return workers / 2;
        }
    }
}
