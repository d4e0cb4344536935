package dev.cardgen.stream;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.api.FrameworkErrors;
import dev.cardgen.api.HttpEdge;
import dev.cardgen.core.Unavailability;
import dev.cardgen.metrics.Metrics;
import io.smallrye.mutiny.subscription.Cancellable;
import io.vertx.core.Context;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code GET /api/v1/render-stream/{token}} as Server-Sent Events. A plain Vert.x route rather
 * than JAX-RS so the bytes are exactly {@code event: <name>\ndata: <json>\n\n} per event and
 * {@code : keep-alive\n\n} between them, and the errors before the stream are ordinary JSON
 * responses. Every connection replays the stream from its first event; the response ends after
 * {@code done} or {@code error}. No API key: the token is the capability.
 *
 * <p>For browsers' EventSource, which reconnects on its own whenever a response ends: each frame
 * carries {@code id: <seq>}, a {@code Last-Event-ID: n} request gets only the events after n, and
 * one whose n is at or after the terminal event gets {@code 204 No Content}, the only answer that
 * makes EventSource stop reconnecting.
 */
@ApplicationScoped
public class RenderStreamRoute {

    public static final String PATH = "/api/v1/render-stream/:token";
    private static final Logger LOG = Logger.getLogger(RenderStreamRoute.class);
    private static final Buffer KEEP_ALIVE = Buffer.buffer(": keep-alive\n\n");

    @Inject
    StreamTokens tokens;
    @Inject
    EventLog log;
    @Inject
    StreamConfig config;
    @Inject
    Metrics metrics;
    @Inject
    HttpEdge edge;

    void install(@Observes Router router) {
        router.get(PATH).handler(this::handle);
        // Any other method: 405 in the error shape (HttpEdge's failure handler) with Allow, like the JAX-RS routes.
        router.route(PATH).handler(ctx -> {
            ctx.response().putHeader("Allow", "GET");
            ctx.fail(405);
        });
    }

    static String frame(StreamEvent e) {
        return "id: " + e.seq() + "\nevent: " + e.event() + "\ndata: " + e.dataJson() + "\n\n";
    }

    /** Where a connection starts: after {@code afterSeq}, or nowhere when nothing more can come. */
    private record Start(String streamId, int afterSeq, boolean nothingLeft) {
    }

    private void handle(RoutingContext ctx) {
        String token = ctx.pathParam("token");
        Integer lastEventId = lastEventId(ctx.request().getHeader("Last-Event-ID"));
        ctx.vertx().<Start>executeBlocking(() -> start(streamOf(token), lastEventId), false).onComplete(ar -> {
            if (ar.succeeded() && ar.result().nothingLeft()) {
                ctx.response().setStatusCode(204).end();
            } else if (ar.succeeded()) {
                stream(ctx, ar.result().streamId(), ar.result().afterSeq());
            } else if (ar.cause() instanceof ApiException e) {
                edge.write(ctx, e);
            } else if (Unavailability.isUnavailable(ar.cause())) {
                LOG.warnf("Resolving a stream token failed, database unavailable: %s", ar.cause().getMessage());
                edge.write(ctx, ApiException.unavailable("The service is temporarily unavailable; retry shortly."));
            } else {
                LOG.errorf(ar.cause(), "Resolving a stream token failed");
                edge.write(ctx, FrameworkErrors.internal());
            }
        });
    }

    /** The token's stream: 404 {@code resource_missing} for an unknown token, 410 {@code stream_expired} for an expired one. */
    private String streamOf(String token) {
        StreamTokens.Resolved resolved = tokens.resolve(token)
                .orElseThrow(() -> new ApiException(404, ErrorTypes.INVALID_REQUEST, "resource_missing", "No such stream.", null));
        if (resolved.expired()) {
            throw new ApiException(410, ErrorTypes.INVALID_REQUEST, "stream_expired",
                    "This stream URL has expired; fetch the generation for its current state.", null);
        }
        return resolved.streamId();
    }

    /**
     * The header as browsers send it back: one of our ids. Anything else (not a number, negative)
     * is ignored and the connection gets the full replay, as without the header.
     */
    static Integer lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            int n = Integer.parseInt(header.trim());
            return n >= 0 ? n : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private Start start(String streamId, Integer lastEventId) {
        if (lastEventId == null || lastEventId == 0) {
            return new Start(streamId, 0, false);
        }
        EventLog.Position at = log.position(streamId);
        if (at.ended() && lastEventId >= at.lastSeq()) {
            return new Start(streamId, at.lastSeq(), true);
        }
        // An id past the last event of a running stream was never sent by us: resume from the last one.
        return new Start(streamId, Math.min(lastEventId, at.lastSeq()), false);
    }

    private void stream(RoutingContext ctx, String streamId, int afterSeq) {
        HttpServerResponse res = ctx.response();
        Context vctx = ctx.vertx().getOrCreateContext();
        res.setStatusCode(200).setChunked(true)
                .putHeader(HttpHeaders.CONTENT_TYPE, "text/event-stream")
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                .putHeader("X-Accel-Buffering", "no");
        long keepAlive = Math.max(1, config.keepAlive().toMillis());
        long timer = ctx.vertx().setPeriodic(keepAlive, id -> {
            if (!res.ended() && !res.closed()) {
                res.write(KEEP_ALIVE);
            }
        });
        AtomicReference<Cancellable> subscription = new AtomicReference<>();
        metrics.streamOpened();
        AtomicBoolean counted = new AtomicBoolean(true);
        res.endHandler(v -> {
            if (counted.getAndSet(false)) {
                metrics.streamClosed();
            }
        });
        Runnable cleanup = () -> {
            if (counted.getAndSet(false)) {
                metrics.streamClosed();
            }
            ctx.vertx().cancelTimer(timer);
            Cancellable c = subscription.get();
            if (c != null) {
                c.cancel();
            }
        };
        res.closeHandler(v -> cleanup.run());
        // Events are written on the connection's context, in the order they are emitted.
        subscription.set(log.follow(streamId, afterSeq).subscribe().with(
                event -> vctx.runOnContext(v -> {
                    if (!res.ended() && !res.closed()) {
                        res.write(frame(event));
                    }
                }),
                failure -> vctx.runOnContext(v -> {
                    LOG.warnf("Stream %s failed: %s", streamId, failure.getMessage());
                    cleanup.run();
                    if (!res.ended() && !res.closed()) {
                        res.end();
                    }
                }),
                () -> vctx.runOnContext(v -> {
                    ctx.vertx().cancelTimer(timer);
                    if (!res.ended() && !res.closed()) {
                        res.end();
                    }
                })));
        // Sends the headers now, before the first event, with the reconnection delay for EventSource. Only now: the
        // follower above is registered, so a shutdown from here on ends this stream instead of cutting it.
        res.write(Buffer.buffer("retry: " + config.retry().toMillis() + "\n\n"));
        if (res.closed()) {
            cleanup.run();
        }
    }

}
