package dev.cardgen.idempotency;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.account.Caller;
import dev.cardgen.api.BaseUrls;
import dev.cardgen.api.JsonBodies;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

import java.util.function.Function;

/**
 * What every JSON create endpoint does around its own work: the caller's account, the body as a JSON
 * object, the base URL for the answer's links, and the request run once per idempotency key, its body
 * read into the request type inside the run.
 */
@ApplicationScoped
public class JsonCreates {

    /** What a create works with: the caller's account, the body as its request type, the base URL for links. */
    public record Create<T>(String account, T body, String baseUrl) {
    }

    @Inject
    Caller caller;
    @Inject
    IdempotencyService idempotency;
    @Inject
    BaseUrls baseUrls;
    @Inject
    ObjectMapper json;

    /** @param endpoint the idempotency record's endpoint, e.g. {@code "POST /api/v1/exports"} */
    public <T> Response run(String endpoint, JsonNode body, String idempotencyKey, UriInfo uri, Class<T> type,
                            Function<Create<T>, Response> create) {
        String account = caller.accountId();
        JsonNode request = JsonBodies.object(json, body);
        String base = baseUrls.of(uri);
        return idempotency.run(account, endpoint, idempotencyKey, request,
                () -> create.apply(new Create<>(account, JsonBodies.read(json, request, type), base)));
    }
}
