package dev.cardgen.testing;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A real HTTP receiver on loopback for webhook tests: records every request and answers with the
 * scripted statuses in order (then 200), or holds a request open until {@link #release()}.
 */
public final class WebhookReceiver implements AutoCloseable {

    public record Received(String path, String signature, String contentType, String body) {
    }

    /** A scripted answer: a status, or -1 to hold the request open until released. */
    public static final int HANG = -1;

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final ConcurrentLinkedQueue<Integer> script = new ConcurrentLinkedQueue<>();
    private final CountDownLatch released = new CountDownLatch(1);

    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(exchange.getRequestURI().toString(), exchange.getRequestHeaders().getFirst("Cardgen-Signature"),
                    exchange.getRequestHeaders().getFirst("Content-Type"), body));
            Integer next = script.poll();
            int status = next == null ? 200 : next;
            if (status == HANG) {
                try {
                    released.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                status = 200;
            }
            byte[] out = "ok".getBytes(StandardCharsets.UTF_8);
            try {
                exchange.sendResponseHeaders(status, out.length);
                exchange.getResponseBody().write(out);
            } catch (IOException e) {
                // the sender gave up on a held request
            }
            exchange.close();
        });
        server.start();
    }

    /** Answers the next requests with these statuses (or {@link #HANG}), in order. */
    public WebhookReceiver script(int... statuses) {
        for (int s : statuses) {
            script.add(s);
        }
        return this;
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    public void release() {
        released.countDown();
    }

    @Override
    public void close() {
        release();
        server.stop(0);
    }
}
