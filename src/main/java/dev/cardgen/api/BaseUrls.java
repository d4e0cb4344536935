package dev.cardgen.api;

import dev.cardgen.core.CardgenConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.UriInfo;

/**
 * The base of absolute URLs: {@code cardgen.public-base-url} when set. Otherwise the request's own
 * scheme and {@code Host}, which only dev and test modes, or production with
 * {@code cardgen.trust-host-header=true}, start with ({@link PublicBaseUrlCheck}). Forwarded headers
 * are ignored unless forwarding is turned on, and then believed only from
 * {@code quarkus.http.proxy.trusted-proxies}.
 */
@ApplicationScoped
public class BaseUrls {

    @Inject
    CardgenConfig config;

    public String of(UriInfo uri) {
        String base = config.publicBaseUrl().map(String::strip).filter(s -> !s.isEmpty())
                .orElseGet(() -> uri.getBaseUri().toString());
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
