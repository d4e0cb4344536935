package dev.cardgen.cors;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;

import java.util.List;
import java.util.Locale;

/**
 * CORS for everything under {@code /api/}: JAX-RS resources, previews, export files and the SSE
 * route (a plain Vert.x route, which Quarkus' own CORS filter would reach too, but whose allowed
 * origins we want in our config). The headers go on the response before any handler runs, so
 * error answers (401, 404, 413, 429) are readable by the calling page as well. A request from an
 * origin not listed gets no CORS headers at all and the browser keeps the answer from the page.
 */
@ApplicationScoped
public class Cors {

    /** PUT: a seller's own mask (PUT /api/v1/assets/{id}/cutout). */
    static final String ALLOW_METHODS = "GET, POST, PUT, DELETE, OPTIONS";
    static final String ALLOW_HEADERS = "Authorization, Idempotency-Key, Content-Type, Last-Event-ID, X-Request-Id";
    static final String EXPOSE_HEADERS = "Idempotent-Replayed, X-Request-Id, Retry-After, ETag, Content-Disposition, "
            + "Content-Length, Content-Range, Accept-Ranges, WWW-Authenticate";
    /** Browsers cap this anyway (Chromium: 2 h); 10 minutes keeps a config change effective soon. */
    static final String MAX_AGE = "600";

    private final List<String> origins;

    public Cors(CorsConfig config) {
        this.origins = config.origins().orElse(List.of()).stream()
                .map(String::trim).filter(s -> !s.isEmpty()).map(s -> s.toLowerCase(Locale.ROOT)).toList();
    }

    // Registered before the HTTP edge's handlers of the same order, so its early answers carry the headers.
    void install(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) Router router) {
        router.route("/api/*").order(Integer.MIN_VALUE).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        String origin = ctx.request().getHeader(HttpHeaders.ORIGIN);
        if (origin == null) {
            ctx.next();
            return;
        }
        var res = ctx.response();
        res.headers().add(HttpHeaders.VARY, "Origin");
        if (!allowed(origin)) {
            ctx.next();
            return;
        }
        res.putHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        String requested = ctx.request().getHeader(HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD);
        if (ctx.request().method() == HttpMethod.OPTIONS && requested != null) {
            // A preflight: answered here, whatever the route, so JAX-RS and the stream route never see it.
            res.setStatusCode(204)
                    .putHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS, ALLOW_METHODS)
                    .putHeader(HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS, ALLOW_HEADERS)
                    .putHeader(HttpHeaders.ACCESS_CONTROL_MAX_AGE, MAX_AGE)
                    .end();
            return;
        }
        res.putHeader(HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSE_HEADERS);
        ctx.next();
    }

    boolean allowed(String origin) {
        String o = origin.toLowerCase(Locale.ROOT);
        for (String allowed : origins) {
            if (allowed.equals("*") || allowed.equals(o)) {
                return true;
            }
            if (allowed.endsWith(":*")) {
                String prefix = allowed.substring(0, allowed.length() - 1);
                if (o.startsWith(prefix) && o.length() > prefix.length() && o.substring(prefix.length()).chars().allMatch(Character::isDigit)) {
                    return true;
                }
                if (o.equals(allowed.substring(0, allowed.length() - 2))) {
                    return true; // the default port
                }
            }
        }
        return false;
    }
}
