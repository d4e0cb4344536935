package dev.cardgen.webhook;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import org.jboss.logging.Logger;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One HTTP POST of a signed event. The host is resolved and checked here and the connection goes to
 * the checked address itself (the host name stays in Host and SNI), so a second DNS answer cannot
 * redirect it; the address actually connected to is checked again. Redirects are not followed: a
 * 3xx is a failed attempt like any other non-2xx.
 *
 * <p>Only the status line counts: the response body is discarded as it arrives, never buffered (a
 * receiver cannot make us hold it); its end is awaited within the timeout, and the connection,
 * never kept alive, closes when the body ends or the timeout passes without data. An
 * attempt that outlives the timeout is abandoned: its connection is closed, whatever stage it had
 * reached.
 */
public final class WebhookSender implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(WebhookSender.class);

    /** What one attempt came to: a status code, or an error in words (timeout, refused address, ...). */
    public record Outcome(Integer statusCode, String error, long durationMs) {
        public boolean succeeded() {
            return statusCode != null && statusCode >= 200 && statusCode < 300;
        }
    }

    private final HttpClient client;
    private final AddressGuard.Resolver resolver;
    private final boolean allowPrivate;
    private final Duration timeout;

    public WebhookSender(Vertx vertx, AddressGuard.Resolver resolver, boolean allowPrivate, Duration timeout) {
        this.client = vertx.createHttpClient(new HttpClientOptions()
                .setKeepAlive(false)
                .setMaxPoolSize(64)
                .setConnectTimeout((int) timeout.toMillis()));
        this.resolver = resolver;
        this.allowPrivate = allowPrivate;
        this.timeout = timeout;
    }

    /** Blocks the calling (worker) thread for at most the timeout. */
    public Outcome post(String url, String body, String signature) {
        long t0 = System.nanoTime();
        AtomicReference<HttpClientRequest> request = new AtomicReference<>();
        AtomicBoolean abandoned = new AtomicBoolean();
        try {
            URI uri = URI.create(url);
            boolean tls = "https".equalsIgnoreCase(uri.getScheme());
            int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
            String host = uri.getHost();
            String bareHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
            List<InetAddress> addresses = AddressGuard.resolve(bareHost, resolver, allowPrivate);
            InetAddress target = addresses.get(0);
            String path = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            RequestOptions options = new RequestOptions()
                    .setMethod(HttpMethod.POST)
                    .setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(target, port)))
                    .setHost(bareHost)
                    .setPort(port)
                    .setSsl(tls)
                    .setURI(path)
                    .setFollowRedirects(false)
                    .setTimeout(timeout.toMillis())
                    .putHeader("Content-Type", "application/json")
                    .putHeader("User-Agent", "cardgen-webhooks/1")
                    .putHeader(Signatures.HEADER, signature);
            int status = client.request(options)
                    .compose(req -> {
                        request.set(req);
                        if (abandoned.get()) {
                            req.reset();
                            return Future.failedFuture(new TimeoutException("abandoned after the timeout"));
                        }
                        if (req.connection() != null && req.connection().remoteAddress() != null
                                && req.connection().remoteAddress().hostAddress() != null) {
                            try {
                                AddressGuard.check(InetAddress.getByName(req.connection().remoteAddress().hostAddress()), allowPrivate);
                            } catch (Exception e) {
                                req.reset();
                                return Future.failedFuture(e);
                            }
                        }
                        return req.send(Buffer.buffer(body));
                    })
                    .compose(resp -> {
                        // The body is dropped as it arrives, never buffered; its end is waited for (within the
                        // timeout), so the attempt and its connection are over before the next one starts. The
                        // handler also takes a reset's error to end()'s future instead of Vert.x's error log.
                        try {
                            resp.handler(ignored -> { });
                        } catch (IllegalStateException alreadyEnded) {
                            // a short body may have ended before this runs: nothing is left to drop, and the
                            // status code stands (WebhookSenderTest.quickAnswersKeepTheirStatusCode)
                        }
                        return resp.end().map(ignored -> resp.statusCode());
                    })
                    .toCompletionStage().toCompletableFuture()
                    // Vert.x gives up after the timeout without data; this bound (with a second of grace, so that
                    // its answer usually comes first) also ends a receiver that trickles bytes.
                    .get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
            return new Outcome(status, null, elapsed(t0));
        } catch (AddressGuard.Refused e) {
            return new Outcome(null, e.getMessage(), elapsed(t0));
        } catch (TimeoutException e) {
            abandon(request, abandoned);
            return new Outcome(null, "timeout", elapsed(t0));
        } catch (InterruptedException e) {
            abandon(request, abandoned);
            Thread.currentThread().interrupt();
            return new Outcome(null, "interrupted", elapsed(t0));
        } catch (ExecutionException e) {
            return new Outcome(null, describe(e.getCause()), elapsed(t0));
        } catch (RuntimeException e) {
            return new Outcome(null, describe(e), elapsed(t0));
        }
    }

    /**
     * Closes the attempt's connection. Whichever of this and the request's creation comes second
     * sees the other's mark, so a request created after the timeout is reset too.
     */
    private static void abandon(AtomicReference<HttpClientRequest> request, AtomicBoolean abandoned) {
        abandoned.set(true);
        HttpClientRequest req = request.get();
        if (req != null) {
            req.reset();
        }
    }

    private static String describe(Throwable t) {
        if (t instanceof AddressGuard.Refused) {
            return t.getMessage();
        }
        String name = t == null ? "" : t.getClass().getSimpleName();
        String msg = t == null || t.getMessage() == null ? "" : t.getMessage();
        if (name.contains("Timeout") || msg.toLowerCase().contains("timeout") || msg.toLowerCase().contains("timed out")) {
            return "timeout";
        }
        if (name.contains("ConnectException") || msg.contains("Connection refused")) {
            return "connection refused";
        }
        // Unclassified: the attempt records only these words, so the log keeps what happened.
        LOG.infof("A webhook attempt ended in an unclassified connection error: %s", String.valueOf(t));
        return "connection error";
    }

    private static long elapsed(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    @Override
    public void close() {
        client.close();
    }
}
