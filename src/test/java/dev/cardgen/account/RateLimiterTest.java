package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.instances.LiveInstances;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The per-key buckets without Quarkus: only buckets full again are dropped, and the limit holds across a drop. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class RateLimiterTest {

    /** 0.5 requests/s, burst 3, one live instance. */
    private final RateLimiter limiter = new RateLimiter(config(0.5, 3), new LiveInstances() {
        @Override
        public int count() {
            return 1;
        }
    });

    @Test
    void aKeysBucketIsDroppedOnceFullAgainAndTheLimitStillHolds() {
        for (int i = 0; i < 3; i++) {
            limiter.acquire("key_a");
        }
        assertThrows(ApiException.class, () -> limiter.acquire("key_a"));
        assertEquals(0, limiter.evictIdle(System.nanoTime()));
        assertTrue(limiter.tracks("key_a"), "an empty bucket is kept: dropping it would hand out a fresh burst");

        // 3 tokens at 0.5/s: full again after 6 s.
        assertEquals(1, limiter.evictIdle(System.nanoTime() + TimeUnit.SECONDS.toNanos(7)));
        assertFalse(limiter.tracks("key_a"), "a bucket full again is the same as none");
        for (int i = 0; i < 3; i++) {
            limiter.acquire("key_a");
        }
        assertThrows(ApiException.class, () -> limiter.acquire("key_a"));
        assertTrue(limiter.tracks("key_a"));
    }

    @Test
    void onlyFullBucketsGo() {
        limiter.acquire("key_used");
        limiter.acquire("key_drained");
        limiter.acquire("key_drained");
        limiter.acquire("key_drained");
        // After 2.5 s: key_used has 3 again (2 + 1.25, capped), key_drained 1.25 of 3.
        assertEquals(1, limiter.evictIdle(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2500)));
        assertFalse(limiter.tracks("key_used"));
        assertTrue(limiter.tracks("key_drained"));
    }

    private static RateLimitConfig config(double perSecond, int burst) {
        return (RateLimitConfig) Proxy.newProxyInstance(RateLimiterTest.class.getClassLoader(), new Class<?>[] {RateLimitConfig.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "perSecond" -> perSecond;
                    case "burst" -> burst;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
