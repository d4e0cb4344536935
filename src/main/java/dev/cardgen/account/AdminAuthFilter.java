package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.core.CardgenConfig;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.api.FrameworkErrors;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.Optional;

/** {@code /admin/v1} answers only to {@code Bearer <cardgen.admin-token>}; without that setting it does not exist (404). */
public class AdminAuthFilter {

    private final Optional<String> adminToken;

    public AdminAuthFilter(CardgenConfig config) {
        this.adminToken = config.adminToken().filter(t -> !t.isBlank());
    }

    @ServerRequestFilter(priority = Priorities.AUTHENTICATION)
    public void authenticate(ContainerRequestContext request) {
        if (!request.getUriInfo().getPath().startsWith("/admin/")) {
            return;
        }
        if (adminToken.isEmpty()) {
            throw FrameworkErrors.unknownRoute(); // the admin API is off: as if it did not exist
        }
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (header == null || header.isBlank()) {
            throw new ApiException(401, ErrorTypes.AUTHENTICATION, "api_key_missing",
                    "No admin token provided. Send 'Authorization: Bearer <admin token>'.", null);
        }
        String given = header.regionMatches(true, 0, "Bearer ", 0, 7) ? header.substring(7).trim() : "";
        if (!Hashing.constantTimeEquals(given, adminToken.get())) {
            throw new ApiException(401, ErrorTypes.AUTHENTICATION, "api_key_invalid", "Invalid admin token provided.", null);
        }
    }
}
