package dev.cardgen.api;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closing an HTTP/1.1 connection while the client is still sending its body makes the kernel answer
 * with a reset, and most clients (browsers, Python, curl without Expect) then never read the response
 * that was already sent. So, as nginx's lingering close does, the rest of the body is read and thrown
 * away, up to a byte and a time bound, and only then is the connection closed.
 *
 * <p>The body may already have been read to its end by whoever read it before (Quarkus REST's
 * multipart parser reads on after refusing a part): then its end event has gone to that reader, not
 * to the handler set here, and {@link HttpServerRequest#isEnded()} turns true only once the last
 * buffered chunks are drained. So besides the end handler, the request is checked every
 * {@value #ENDED_CHECK_MILLIS} ms.
 */
final class LingeringClose {
    static final long ENDED_CHECK_MILLIS = 50;

    private LingeringClose() {
    }

    static void after(Vertx vertx, HttpServerRequest request, long maxBytes, long timeoutMillis) {
        if (request.version() == HttpVersion.HTTP_2) {
            return; // the stream ends with the response; other streams on the connection go on
        }
        AtomicBoolean closed = new AtomicBoolean();
        AtomicLong discarded = new AtomicLong();
        long[] timers = {-1, -1};
        Runnable close = () -> {
            if (closed.compareAndSet(false, true)) {
                for (long timer : timers) {
                    if (timer >= 0) {
                        vertx.cancelTimer(timer);
                    }
                }
                request.connection().close();
            }
        };
        if (request.isEnded()) {
            close.run();
            return;
        }
        timers[0] = vertx.setTimer(timeoutMillis, t -> close.run());
        timers[1] = vertx.setPeriodic(ENDED_CHECK_MILLIS, t -> {
            if (request.isEnded()) {
                close.run();
            }
        });
        request.handler(chunk -> {
            if (discarded.addAndGet(chunk.length()) > maxBytes) {
                close.run();
            }
        });
        request.endHandler(v -> close.run());
        request.exceptionHandler(e -> close.run());
        request.resume();
    }
}
