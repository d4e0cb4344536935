package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * {@code Authorization: Bearer <key>} on every {@code /api/v1} operation except the stream read,
 * whose token is its credential, and signed capability URLs, which their resources verify.
 */
public class ApiKeyAuthFilter {

    @Inject
    ApiKeyAuthenticator authenticator;
    @Inject
    Caller caller;
    @Inject
    RateLimiter rateLimiter;

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    public void authenticate(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!path.startsWith("/api/v1/") || path.startsWith("/api/v1/render-stream/")) {
            return;
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            if (request.getUriInfo().getQueryParameters().containsKey("signature")) {
                return; // a signed capability URL: the resource checks the signature
            }
            throw keyMissing();
        }
        String secret = header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : "";
        if (secret.isEmpty() || secret.length() > 200) {
            throw invalid();
        }
        ApiKeyAuthenticator.Principal principal = authenticator.authenticate(secret).orElseThrow(ApiKeyAuthFilter::invalid);
        rateLimiter.acquire(principal.keyId());
        caller.authenticate(principal.accountId(), principal.keyId());
    }

    /** 401 for a request that carried no API key; also what {@link Caller} answers when asked without one. */
    static ApiException keyMissing() {
        return new ApiException(401, ErrorTypes.AUTHENTICATION, "api_key_missing",
                "No API key provided. Send 'Authorization: Bearer <API_KEY>'.", null);
    }

    private static ApiException invalid() {
        return new ApiException(401, ErrorTypes.AUTHENTICATION, "api_key_invalid",
                "Invalid API key provided.", null);
    }
}
