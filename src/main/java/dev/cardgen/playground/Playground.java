package dev.cardgen.playground;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.core.CardgenConfig;
import io.quarkus.runtime.LaunchMode;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The playground: static files ({@code META-INF/resources/index.html} and {@code playground/}),
 * served by Quarkus when enabled and answered with the JSON 404 otherwise, plus
 * {@code /playground/config.json}, which tells the page the dev key in dev mode only.
 */
@ApplicationScoped
public class Playground {

    private final boolean enabled;
    private final String configJson;

    public Playground(PlaygroundConfig config, CardgenConfig cardgen, ObjectMapper json) throws JsonProcessingException {
        this.enabled = config.enabled();
        Map<String, Object> page = new LinkedHashMap<>();
        // Only a developer's own machine may hand out a key to whoever opens the page.
        page.put("dev_key", LaunchMode.current() == LaunchMode.DEVELOPMENT ? cardgen.bootstrapKey().orElse(null) : null);
        this.configJson = json.writeValueAsString(page);
    }

    void install(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) Router router) {
        router.getWithRegex("/(index\\.html)?|/playground(/.*)?").order(Integer.MIN_VALUE + 1).handler(this::gate);
        router.get("/playground/config.json").order(Integer.MIN_VALUE + 2).handler(this::config);
    }

    private void gate(RoutingContext ctx) {
        if (enabled) {
            ctx.next();
        } else {
            ctx.fail(404); // the HTTP edge's failure handler writes the JSON 404
        }
    }

    private void config(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-store")
                .end(configJson);
    }
}
