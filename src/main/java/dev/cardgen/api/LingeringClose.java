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
 */
final class LingeringClose {
    private LingeringClose() {
    }

    static void after(Vertx vertx, HttpServerRequest request, long maxBytes, long timeoutMillis) {
        if (request.version() == HttpVersion.HTTP_2) {
            return; // the stream ends with the response; other streams on the connection go on
        }
        AtomicBoolean closed = new AtomicBoolean();
        AtomicLong discarded = new AtomicLong();
        long[] timer = {-1};
        Runnable close = () -> {
            if (closed.compareAndSet(false, true)) {
                if (timer[0] >= 0) {
                    vertx.cancelTimer(timer[0]);
                }
                request.connection().close();
            }
        };
        if (request.isEnded()) {
            close.run();
            return;
        }
        timer[0] = vertx.setTimer(timeoutMillis, t -> close.run());
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
