package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.instances.LiveInstances;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A token bucket per API key: {@code cardgen.rate-limit.per-second} sustained and {@code burst} at once
 * for the whole deployment. Each of N live instances enforces 1/N of both, so a load balancer that
 * spreads a key's requests over the instances lets the documented rate through and no more, without
 * a database round trip per request.
 *
 * <p>A bucket that has refilled to its burst is the same as a new one, so it is dropped
 * ({@link #evictIdle}, every minute): the map holds only the keys used within the last
 * burst/rate seconds, not every key ever seen.
 *
 * <p>Buckets measure elapsed time with {@link System#nanoTime()}, not the injected wall clock: a refill
 * depends only on how much time passed, and must not jump when the wall clock (or a test's clock) does.
 */
@ApplicationScoped
public class RateLimiter {

    private final double perSecond;
    private final int burst;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final LiveInstances instances;

    public RateLimiter(RateLimitConfig config, LiveInstances instances) {
        this.perSecond = config.perSecond();
        this.burst = Math.max(1, config.burst());
        this.instances = instances;
    }

    public void acquire(String keyId) {
        if (perSecond <= 0) {
            return;
        }
        int share = instances.count();
        double rate = perSecond / share;
        int capacity = Math.max(1, burst / share);
        long waitNanos;
        do { // a bucket evicted between the lookup and the take is replaced by a new (full) one
            waitNanos = buckets.computeIfAbsent(keyId, k -> new Bucket(capacity)).take(rate, capacity, System.nanoTime());
        } while (waitNanos == Bucket.EVICTED);
        if (waitNanos > 0) {
            long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(waitNanos) + 1);
            throw new ApiException(429, ErrorTypes.RATE_LIMIT, "rate_limited",
                    "Too many requests for this API key. Retry after " + seconds + " s.", null,
                    Map.of("Retry-After", Long.toString(seconds)));
        }
    }

    @Scheduled(every = "60s", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void evictIdle() {
        evictIdle(System.nanoTime());
    }

    /** Drops every bucket that is full again at {@code now}; @return how many. */
    int evictIdle(long now) {
        if (perSecond <= 0) {
            return 0;
        }
        int share = instances.count();
        double rate = perSecond / share;
        int capacity = Math.max(1, burst / share);
        int before = buckets.size();
        buckets.values().removeIf(b -> b.evictIfFull(rate, capacity, now));
        return before - buckets.size();
    }

    /** Whether {@code keyId} has a bucket now (for tests). */
    boolean tracks(String keyId) {
        return buckets.containsKey(keyId);
    }

    private static final class Bucket {
        static final long EVICTED = -1;

        private double tokens;
        private long updatedAt = System.nanoTime();
        private boolean evicted;

        Bucket(int burst) {
            this.tokens = burst;
        }

        /** @return 0 when a token was taken, else nanoseconds until one is available */
        synchronized long take(double perSecond, int burst, long now) {
            if (evicted) {
                return EVICTED;
            }
            tokens = Math.min(burst, tokens + (now - updatedAt) / 1e9 * perSecond);
            updatedAt = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) ((1 - tokens) / perSecond * 1e9);
        }

        /** Marks the bucket evicted when it has refilled to {@code burst} by {@code now}; a later take then finds a new one. */
        synchronized boolean evictIfFull(double perSecond, int burst, long now) {
            if (Math.min(burst, tokens + Math.max(0, now - updatedAt) / 1e9 * perSecond) >= burst) {
                evicted = true;
            }
            return evicted;
        }
    }
}
