package dev.cardgen.idempotency;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.cardgen.api.ApiException;
import dev.cardgen.api.HttpEdge;
import dev.cardgen.core.Sha256;
import dev.cardgen.core.Times;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/**
 * Stripe's Idempotency-Key model, per account and endpoint, kept 24 h. The key is claimed before the
 * request runs; a request that fails (validation or otherwise) releases it, so a retry is evaluated
 * afresh; a request that succeeds stores its status and body, which a retry with the same body gets
 * back with {@code Idempotent-Replayed: true}. Records older than 24 h are deleted by the retention sweeper.
 */
@ApplicationScoped
public class IdempotencyService {

    public static final String HEADER = HttpEdge.IDEMPOTENCY_KEY;
    public static final Duration KEEP = Duration.ofHours(24);

    private final EntityManager em;
    private final ObjectMapper json;
    private final ObjectMapper canonical;
    private final Clock clock;

    public IdempotencyService(EntityManager em, ObjectMapper json, Clock clock) {
        this.em = em;
        this.json = json;
        this.clock = clock;
        this.canonical = json.copy().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    }

    /**
     * @param request the parsed request body (a Jackson tree); compared by content, not by bytes
     * @param action  runs the request and returns a response whose entity is serialised to JSON
     */
    public Response run(String accountId, String endpoint, String key, Object request, Supplier<Response> action) {
        if (key == null) {
            return action.get();
        }
        if (key.isBlank() || key.length() > 255) {
            throw ApiException.invalidParam(HEADER, "Idempotency-Key must be 1 to 255 characters.");
        }
        String hash = hash(request);
        Response replay = QuarkusTransaction.requiringNew().call(() -> claim(accountId, endpoint, key, hash));
        if (replay != null) {
            return replay;
        }
        Response response;
        String body;
        try {
            response = action.get();
            body = json.writeValueAsString(response.getEntity());
        } catch (RuntimeException | JsonProcessingException e) {
            QuarkusTransaction.requiringNew().run(() -> release(accountId, endpoint, key));
            if (e instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e);
        }
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                        "UPDATE idempotency_keys SET response_status = ?1, response_body = ?2 WHERE account_id = ?3 AND endpoint = ?4 AND idem_key = ?5")
                .setParameter(1, response.getStatus()).setParameter(2, body)
                .setParameter(3, accountId).setParameter(4, endpoint).setParameter(5, key).executeUpdate());
        return copy(response, body, false);
    }

    /** @return null when this request now owns the key, else the answer to give instead */
    private Response claim(String accountId, String endpoint, String key, String hash) {
        Instant now = Times.now(clock);
        em.createNativeQuery("DELETE FROM idempotency_keys WHERE account_id = ?1 AND endpoint = ?2 AND idem_key = ?3 AND created_at < ?4")
                .setParameter(1, accountId).setParameter(2, endpoint).setParameter(3, key)
                .setParameter(4, Timestamp.from(now.minus(KEEP))).executeUpdate();
        int inserted = em.createNativeQuery("INSERT INTO idempotency_keys (account_id, endpoint, idem_key, request_hash, created_at) "
                        + "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING")
                .setParameter(1, accountId).setParameter(2, endpoint).setParameter(3, key).setParameter(4, hash)
                .setParameter(5, Timestamp.from(now)).executeUpdate();
        if (inserted == 1) {
            return null;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT request_hash, response_status, response_body FROM idempotency_keys "
                        + "WHERE account_id = ?1 AND endpoint = ?2 AND idem_key = ?3")
                .setParameter(1, accountId).setParameter(2, endpoint).setParameter(3, key).getResultList();
        if (rows.isEmpty()) {
            // Released between our insert and select: treat as in use; the client retries.
            throw inUse();
        }
        Object[] row = rows.get(0);
        if (!hash.equals(row[0])) {
            throw ApiException.unprocessable("idempotency_key_reused",
                    "This Idempotency-Key was already used with a different request body.", null);
        }
        if (row[1] == null) {
            throw inUse();
        }
        return Response.status(((Number) row[1]).intValue()).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(row[2]).header("Idempotent-Replayed", "true").build();
    }

    private void release(String accountId, String endpoint, String key) {
        em.createNativeQuery("DELETE FROM idempotency_keys WHERE account_id = ?1 AND endpoint = ?2 AND idem_key = ?3 AND response_status IS NULL")
                .setParameter(1, accountId).setParameter(2, endpoint).setParameter(3, key).executeUpdate();
    }

    private static Response copy(Response original, String body, boolean replayed) {
        Response.ResponseBuilder b = Response.status(original.getStatus()).type(MediaType.APPLICATION_JSON_TYPE).entity(body);
        original.getStringHeaders().forEach((name, values) -> values.forEach(v -> b.header(name, v)));
        if (replayed) {
            b.header("Idempotent-Replayed", "true");
        }
        return b.build();
    }

    private static ApiException inUse() {
        return ApiException.conflict("idempotency_key_in_use",
                "A request with this Idempotency-Key is still being processed. Retry shortly.");
    }

    private String hash(Object request) {
        try {
            Object tree = canonical.convertValue(request, Object.class);
            return Sha256.hex(canonical.writeValueAsString(tree));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
