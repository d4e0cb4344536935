package dev.cardgen.api;

import dev.cardgen.core.Ids;
import dev.cardgen.core.Unavailability;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The HTTP edge, before and after JAX-RS: gives every response an {@code X-Request-Id}, and turns
 * what Vert.x rejects on its own (body too large, malformed multipart, unknown route) and requests
 * over our URL and header limits into the JSON error body. Which malformed requests can still be
 * answered and which only closed is written down in docs/http-edge.md.
 */
@ApplicationScoped
public class HttpEdge {

    public static final String REQUEST_ID = "X-Request-Id";
    /** The header of a create's idempotency key; the edge checks its characters like any client string. */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final Pattern CLIENT_ID = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private static final Logger LOG = Logger.getLogger(HttpEdge.class);
    /** Where Quarkus keeps the body limit its request stream enforces (an empty 413, then the connection dropped). */
    private static final String STREAM_LIMIT = "io.quarkus.max-request-size";
    /** Above the multipart parser's own count of the same limit, which it reaches first. */
    private static final long STREAM_LIMIT_MARGIN = 1 << 20;

    private final ObjectMapper json;
    private final long maxBodyBytes;
    private final HttpEdgeConfig limits;

    public HttpEdge(ObjectMapper json, RequestBodyLimit bodyLimit, HttpEdgeConfig limits) {
        this.json = json;
        this.maxBodyBytes = bodyLimit.maxRequestBytes();
        this.limits = limits;
    }

    /**
     * The 413 of a body over {@code cardgen.upload.max-request-bytes}, quoting that limit; also for the multipart
     * parser's refusal at {@code quarkus.http.limits.max-body-size}, which lies above it.
     */
    public ApiException bodyTooLarge() {
        return FrameworkErrors.bodyTooLarge(maxBodyBytes);
    }

    void install(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::assignRequestId);
        router.route().order(Integer.MIN_VALUE).handler(this::rejectMalformedHead);
        router.route().order(Integer.MIN_VALUE).handler(this::rejectDeclaredOversize);
        router.route().order(Integer.MIN_VALUE).failureHandler(this::failure);
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT + 1).handler(this::letTheMultipartParserRefuse);
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT + 1).handler(this::countChunkedBody);
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
     * What Netty parsed but we do not serve, answered in our shape while the connection is still in
     * a known state: an HTTP version other than 1.0, 1.1 or 2 (Vert.x reports it as null) is 505 and
     * the connection is closed; a request target or headers over our limits (well under Netty's
     * hard ones) are 414 and 431, and the connection stays usable.
     */
    private void rejectMalformedHead(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        if (request.version() == null) {
            ctx.response().putHeader(HttpHeaders.CONNECTION, "close");
            write(ctx, new ApiException(505, ErrorTypes.INVALID_REQUEST, "http_version_not_supported",
                    "Only HTTP/1.0, HTTP/1.1 and HTTP/2 are supported.", null));
            return;
        }
        if (request.uri().length() > limits.maxUrlBytes()) {
            write(ctx, new ApiException(414, ErrorTypes.INVALID_REQUEST, "url_too_long",
                    "The request URL is longer than " + limits.maxUrlBytes() + " bytes.", null));
            return;
        }
        long headerBytes = 0;
        for (var header : request.headers()) {
            headerBytes += header.getKey().length() + header.getValue().length() + 4;
        }
        if (headerBytes > limits.maxHeaderBytes()) {
            write(ctx, new ApiException(431, ErrorTypes.INVALID_REQUEST, "headers_too_large",
                    "The request headers are larger than " + limits.maxHeaderBytes() + " bytes.", null));
            return;
        }
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
                    write(ctx, bodyTooLarge());
                    return;
                }
            } catch (NumberFormatException e) {
                write(ctx, FrameworkErrors.malformedBody());
                return;
            }
        }
        ctx.next();
    }

    /**
     * A chunked body declares no length, so only its bytes can cross the limit. For a multipart body
     * both Quarkus's request stream and the multipart parser count them against the same limit; the
     * stream's refusal is an empty 413 and a dropped connection (the client sees a reset), the
     * parser's is an exception that comes back to us as the JSON 413 with the body read off. So the
     * stream's limit moves just above the parser's: the parser refuses first, and the stream still
     * stops a body the parser never counts (no valid part at all).
     */
    private void letTheMultipartParserRefuse(RoutingContext ctx) {
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (ctx.get(STREAM_LIMIT) instanceof Long limit && limit > 0 && type != null
                && type.toLowerCase(Locale.ROOT).startsWith("multipart/")) {
            ctx.put(STREAM_LIMIT, limit + STREAM_LIMIT_MARGIN);
        }
        ctx.next();
    }

    /**
     * A chunked body of any other type (JSON) has no parser that counts it, only Quarkus's request
     * stream with its empty 413 and dropped connection. So it is read here, counted, and refused with
     * the JSON 413 and a lingering close once it passes the limit. A body within the limit is handed
     * on as the routing context's body, which Quarkus REST reads instead of the request; the request is
     * left paused so that it does not count as ended (Quarkus REST would then see an empty body).
     * Such bodies are small JSON documents that Quarkus REST holds in memory whole anyway.
     */
    private void countChunkedBody(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        String encoding = request.getHeader(HttpHeaders.TRANSFER_ENCODING);
        String type = request.getHeader(HttpHeaders.CONTENT_TYPE);
        if (encoding == null || !encoding.toLowerCase(Locale.ROOT).contains("chunked") || request.isEnded()
                || (type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/"))) {
            ctx.next();
            return;
        }
        Buffer body = Buffer.buffer();
        boolean[] refused = {false};
        request.handler(chunk -> {
            if (refused[0]) {
                return;
            }
            if ((long) body.length() + chunk.length() > maxBodyBytes) {
                refused[0] = true; // the lingering close takes over the request's handlers
                write(ctx, bodyTooLarge());
                return;
            }
            body.appendBuffer(chunk);
        });
        request.endHandler(v -> {
            if (!refused[0]) {
                ctx.setBody(body);
                request.pause();
                ctx.next();
            }
        });
        request.exceptionHandler(e -> {
            if (!refused[0]) {
                refused[0] = true;
                request.connection().close();
            }
        });
        if ("100-continue".equalsIgnoreCase(request.getHeader(HttpHeaders.EXPECT))) {
            request.response().writeContinue();
        }
        request.resume();
    }

    private void failure(RoutingContext ctx) {
        if (ctx.response().headWritten()) {
            ctx.next();
            return;
        }
        int status = ctx.statusCode();
        ApiException error;
        if (status == 413) {
            error = bodyTooLarge();
        } else if (status == 400) {
            error = FrameworkErrors.malformedBody();
        } else if (status == 404) {
            error = FrameworkErrors.unknownRoute();
        } else if (status == 405) {
            error = FrameworkErrors.methodNotAllowed(null);
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

    /**
     * For a 413 answered elsewhere (the multipart parser's limit): close after the response, reading
     * off the rest first. A routing-context end handler, because the response's single end-handler
     * slot is taken by the framework once the answer is written.
     */
    public void closeAfterResponse(RoutingContext ctx, io.vertx.core.Vertx vertx) {
        HttpServerRequest request = ctx.request();
        if (request.version() == HttpVersion.HTTP_2) {
            return;
        }
        request.response().putHeader(HttpHeaders.CONNECTION, "close");
        ctx.addEndHandler(v -> LingeringClose.after(vertx, request,
                limits.lingerBytes().asLongValue(), limits.lingerTimeout().toMillis()));
    }

    /**
     * Answers a request Vert.x handles itself (this edge, the stream route) with the JSON error body;
     * a 413 or 505 also closes the connection after reading off the rest of the body.
     */
    public void write(RoutingContext ctx, ApiException error) {
        String body;
        try {
            body = json.writeValueAsString(error.body());
        } catch (JsonProcessingException e) {
            body = "{\"error\":{\"type\":\"api_error\",\"code\":\"internal_error\",\"message\":\"Internal error.\"}}";
        }
        var response = ctx.response().setStatusCode(error.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, "application/json");
        error.headers().forEach(response::putHeader);
        boolean close = error.status() == 413 || error.status() == 505;
        if (close && ctx.request().version() != HttpVersion.HTTP_2) {
            // The rest of the body is not wanted: read it off (bounded) so the client sees this answer, then close.
            response.putHeader(HttpHeaders.CONNECTION, "close");
            response.end(body).onComplete(done -> LingeringClose.after(ctx.vertx(), ctx.request(),
                    limits.lingerBytes().asLongValue(), limits.lingerTimeout().toMillis()));
            return;
        }
        response.end(body);
    }
}
