package dev.cardgen.api;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;

/** The base of absolute URLs: {@code cardgen.public-base-url} when set, else the request's own (forwarded headers honoured). */
@ApplicationScoped
public class BaseUrls {

    private final CardgenConfig config;

    public BaseUrls(CardgenConfig config) {
        this.config = config;
    }

    public String of(UriInfo uri) {
        String base = config.publicBaseUrl().filter(s -> !s.isBlank()).orElseGet(() -> uri.getBaseUri().toString());
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }
}
