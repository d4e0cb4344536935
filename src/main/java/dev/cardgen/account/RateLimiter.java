package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.CardgenConfig;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.instances.LiveInstances;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A token bucket per API key: {@code cardgen.rate-limit.per-second} sustained and {@code burst} at once
 * for the whole deployment. Each of N live instances enforces 1/N of both, so a load balancer that
 * spreads a key's requests over the instances lets the documented rate through and no more, without
 * a database round trip per request.
 */
@ApplicationScoped
public class RateLimiter {

    private final double perSecond;
    private final int burst;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final LiveInstances instances;

    public RateLimiter(CardgenConfig config, LiveInstances instances) {
        this.perSecond = config.rateLimit().perSecond();
        this.burst = Math.max(1, config.rateLimit().burst());
        this.instances = instances;
    }

    public void acquire(String keyId) {
        if (perSecond <= 0) {
            return;
        }
        int share = instances.count();
        double rate = perSecond / share;
        int capacity = Math.max(1, burst / share);
        long waitNanos = buckets.computeIfAbsent(keyId, k -> new Bucket(capacity)).take(rate, capacity, System.nanoTime());
        if (waitNanos > 0) {
            long seconds = Math.max(1, TimeUnit.NANOSECONDS.toSeconds(waitNanos) + 1);
            throw new ApiException(429, ErrorTypes.RATE_LIMIT, "rate_limited",
                    "Too many requests for this API key. Retry after " + seconds + " s.", null,
                    Map.of("Retry-After", Long.toString(seconds)));
        }
    }

    private static final class Bucket {
        private double tokens;
        private long updatedAt = System.nanoTime();

        Bucket(int burst) {
            this.tokens = burst;
        }

        /** @return 0 when a token was taken, else nanoseconds until one is available */
        synchronized long take(double perSecond, int burst, long now) {
            tokens = Math.min(burst, tokens + (now - updatedAt) / 1e9 * perSecond);
            updatedAt = now;
            if (tokens >= 1) {
                tokens -= 1;
                return 0;
            }
            return (long) ((1 - tokens) / perSecond * 1e9);
        }
    }
}
