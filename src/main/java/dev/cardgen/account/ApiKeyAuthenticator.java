package dev.cardgen.account;

import dev.cardgen.core.BoundedCache;
import dev.cardgen.core.Sha256;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Resolves a Bearer key to its account. Successful look-ups are cached for a few seconds so a busy
 * key does not cost a query per request; a revocation is seen at once on this instance and within
 * {@link #TTL_NANOS} on the others.
 */
@ApplicationScoped
public class ApiKeyAuthenticator {

    static final long TTL_NANOS = TimeUnit.SECONDS.toNanos(5);
    private static final int MAX_ENTRIES = 10_000;

    public record Principal(String accountId, String keyId) {
    }

    private record Entry(Principal principal, long expiresAt) {
    }

    private final BoundedCache<String, Entry> cache = new BoundedCache<>(MAX_ENTRIES);

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Principal> authenticate(String secret) {
        String hash = Sha256.hex(secret);
        long now = System.nanoTime();
        Optional<Entry> hit = cache.get(hash).filter(e -> e.expiresAt - now > 0);
        if (hit.isPresent()) {
            return Optional.of(hit.get().principal);
        }
        Optional<Principal> found = ApiKey.findByHash(hash)
                .filter(k -> k.revokedAt == null)
                .map(k -> new Principal(k.accountId, k.id));
        if (found.isPresent()) {
            cache.put(hash, new Entry(found.get(), now + TTL_NANOS));
        } else {
            cache.remove(hash);
        }
        return found;
    }

    void forget(String hash) {
        cache.remove(hash);
    }
}
