package dev.cardgen.stream;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.api.Sha256;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;

/** Capability tokens of {@code /api/v1/render-stream/{token}}: 32 random bytes, base64url, stored as SHA-256. */
@ApplicationScoped
public class StreamTokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_-]{43}");

    private final EntityManager em;
    private final StreamConfig config;

    public StreamTokens(EntityManager em, StreamConfig config) {
        this.em = em;
        this.config = config;
    }

    /** Issues a token valid for {@code cardgen.stream.token-ttl} (15 minutes). */
    @Transactional(Transactional.TxType.REQUIRED)
    public IssuedToken issue(String streamId) {
        return issue(streamId, config.tokenTtl());
    }

    /**
     * Issues a token for {@code streamId}, valid for {@code ttl} from now (database clock, the same
     * clock {@link #resolve} compares with). Joins the caller's transaction when there is one.
     */
    @Transactional(Transactional.TxType.REQUIRED)
    public IssuedToken issue(String streamId, Duration ttl) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        Object expires = em.createNativeQuery("""
                        INSERT INTO stream_tokens (token_hash, stream_id, expires_at, created_at)
                        VALUES (?1, ?2, date_trunc('second', now()) + make_interval(secs => ?3), now())
                        RETURNING expires_at""")
                .setParameter(1, sha256(token))
                .setParameter(2, streamId)
                .setParameter(3, ttl.toMillis() / 1000.0)
                .getSingleResult();
        return new IssuedToken(token, instant(expires));
    }

    /**
     * @return the stream id of a valid token
     * @throws ApiException 404 {@code resource_missing} for an unknown token, 410 {@code stream_expired} for an expired one
     */
    @Transactional(Transactional.TxType.REQUIRED)
    public String resolve(String token) {
        if (token == null || !SHAPE.matcher(token).matches()) {
            throw missing();
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT stream_id, expires_at <= now() FROM stream_tokens WHERE token_hash = ?1")
                .setParameter(1, sha256(token))
                .getResultList();
        if (rows.isEmpty()) {
            throw missing();
        }
        if (Boolean.TRUE.equals(rows.get(0)[1])) {
            throw new ApiException(410, ErrorTypes.INVALID_REQUEST, "stream_expired",
                    "This stream URL has expired; fetch the generation for its current state.", null);
        }
        return (String) rows.get(0)[0];
    }

    private static ApiException missing() {
        return new ApiException(404, ErrorTypes.INVALID_REQUEST, "resource_missing", "No such stream.", null);
    }

    private static Instant instant(Object value) {
        if (value instanceof Instant i) {
            return i;
        }
        if (value instanceof OffsetDateTime o) {
            return o.toInstant();
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        throw new IllegalStateException("Unexpected timestamp type " + value.getClass());
    }

    /** The stored form of a token; tests seed rows with it. */
    static String sha256(String value) {
        return Sha256.hex(value);
    }
}
