package dev.cardgen.stream;

import dev.cardgen.core.Sha256;
import dev.cardgen.core.Times;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Capability tokens of {@code /api/v1/render-stream/{token}}: 32 random bytes, base64url, stored as SHA-256. */
@ApplicationScoped
public class StreamTokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");

    @Inject
    EntityManager em;
    @Inject
    StreamConfig config;
    @Inject
    Clock clock;

    /** Issues a token valid for {@code cardgen.stream.token-ttl} (15 minutes). */
    @Transactional(Transactional.TxType.REQUIRED)
    public IssuedToken issue(String streamId) {
        return issue(streamId, config.tokenTtl());
    }

    /**
     * Issues a token for {@code streamId}, valid for {@code ttl} from now (to the whole second, as the
     * API shows expiry). Joins the caller's transaction when there is one.
     */
    @Transactional(Transactional.TxType.REQUIRED)
    public IssuedToken issue(String streamId, Duration ttl) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        Instant now = Times.now(clock);
        Instant expires = now.truncatedTo(ChronoUnit.SECONDS).plus(ttl);
        em.createNativeQuery("""
                        INSERT INTO stream_tokens (token_hash, stream_id, expires_at, created_at)
                        VALUES (?1, ?2, ?3, ?4)""")
                .setParameter(1, sha256(token))
                .setParameter(2, streamId)
                .setParameter(3, expires)
                .setParameter(4, now)
                .executeUpdate();
        return new IssuedToken(token, expires);
    }

    /** What a known token names: its stream, and whether the token has expired. */
    public record Resolved(String streamId, boolean expired) {
    }

    /** The stream of {@code token}; empty for a token that is malformed or was never issued. */
    @Transactional(Transactional.TxType.REQUIRED)
    public Optional<Resolved> resolve(String token) {
        if (token == null || !SHAPE.matcher(token).matches()) {
            return Optional.empty();
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT stream_id, expires_at <= ?2 FROM stream_tokens WHERE token_hash = ?1")
                .setParameter(1, sha256(token))
                .setParameter(2, clock.instant())
                .getResultList();
        return rows.stream().findFirst().map(row -> new Resolved((String) row[0], Boolean.TRUE.equals(row[1])));
    }

    /** The stored form of a token. */
    private static String sha256(String value) {
        return Sha256.hex(value);
    }
}
