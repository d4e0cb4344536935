package dev.cardgen.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.regex.Pattern;

/**
 * The HTTP edge, before and after JAX-RS: gives every response an {@code X-Request-Id}, and turns
 * what Vert.x rejects on its own (body too large, malformed multipart, unknown route) into the
 * error body of DESIGN.md §3.
 */
@ApplicationScoped
public class HttpEdge {

    public static final String REQUEST_ID = "X-Request-Id";
    private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private static final Logger LOG = Logger.getLogger(HttpEdge.class);

    private final ObjectMapper json;
    private final long maxBodyBytes;

    public HttpEdge(ObjectMapper json, CardgenConfig config) {
        this.json = json;
        this.maxBodyBytes = config.upload().maxRequestBytes();
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::assignRequestId);
        router.route().order(Integer.MIN_VALUE).handler(this::rejectDeclaredOversize);
        router.route().order(Integer.MIN_VALUE).failureHandler(this::failure);
        // Runs only when no JAX-RS resource, health or OpenAPI route took the request.
        router.route().order(Integer.MAX_VALUE - 100).handler(ctx -> write(ctx, FrameworkErrors.unknownRoute()));
    }

    private void assignRequestId(RoutingContext ctx) {
        String given = ctx.request().getHeader(REQUEST_ID);
        String id = given != null && CLIENT_ID.matcher(given).matches() ? given : "req_" + Ids.random(24);
        ctx.put(REQUEST_ID, id);
        ctx.response().putHeader(REQUEST_ID, id);
        ctx.next();
    }

    /**
     * A declared Content-Length over the limit is answered at once, in our error shape, without
     * reading the body (Quarkus's own check would answer with an empty 413).
     */
    private void rejectDeclaredOversize(RoutingContext ctx) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                if (Long.parseLong(length.trim()) > maxBodyBytes) {
                    write(ctx, FrameworkErrors.bodyTooLarge());
                    return;
                }
            } catch (NumberFormatException e) {
                write(ctx, FrameworkErrors.malformedBody());
                return;
            }
        }
        ctx.next();
    }

    private void failure(RoutingContext ctx) {
        if (ctx.response().headWritten()) {
            ctx.next();
            return;
        }
        int status = ctx.statusCode();
        ApiException error;
        if (status == 413) {
            error = FrameworkErrors.bodyTooLarge();
        } else if (status == 400) {
            error = FrameworkErrors.malformedBody();
        } else if (status == 404) {
            error = FrameworkErrors.unknownRoute();
        } else if (status == 405) {
            error = new ApiException(405, ErrorTypes.INVALID_REQUEST, "method_not_allowed", "This URL does not accept that HTTP method.", null);
        } else {
            if (ctx.failure() != null) {
                LOG.errorf(ctx.failure(), "HTTP failure %s", (Object) ctx.get(REQUEST_ID));
            }
            error = Unavailability.isUnavailable(ctx.failure())
                    ? ApiException.unavailable("The service is temporarily unavailable. Retry shortly.")
                    : FrameworkErrors.internal();
        }
        write(ctx, error);
    }

    private void write(RoutingContext ctx, ApiException error) {
        String body;
        try {
            body = json.writeValueAsString(error.body());
        } catch (JsonProcessingException e) {
            body = "{\"error\":{\"type\":\"api_error\",\"code\":\"internal_error\",\"message\":\"Internal error.\"}}";
        }
        var response = ctx.response().setStatusCode(error.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        error.headers().forEach(response::putHeader);
        if (error.status() == 413) {
            // The rest of the body will not be read; close rather than leave the client sending it.
            response.putHeader(HttpHeaders.CONNECTION, "close");
            response.end(body).onComplete(done -> ctx.request().connection().close());
            return;
        }
        response.end(body);
    }
}
