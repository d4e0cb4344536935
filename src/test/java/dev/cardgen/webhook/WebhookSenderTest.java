package dev.cardgen.webhook;

import dev.cardgen.testing.OwnVertx;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the sender makes of a receiver's answer, from raw sockets: only the status line counts, the body
 * is read to its end and dropped, and a receiver that never ends its body is cut at the timeout.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class WebhookSenderTest {

    @RegisterExtension
    static final OwnVertx VERTX = new OwnVertx();

    /** A short answer whose body has ended by the time the status is read keeps its status code, every time. */
    @Test
    void quickAnswersKeepTheirStatusCode() throws Exception {
        try (Receiver r = new Receiver(out -> out.write(response("500 Internal Server Error", "oops")));
             WebhookSender sender = new WebhookSender(VERTX.get(), InetAddress::getAllByName, true, Duration.ofSeconds(5))) {
            for (int i = 0; i < 100; i++) {
                WebhookSender.Outcome o = sender.post(r.url(), "{}", "t=1,v1=00");
                assertEquals(500, o.statusCode(), "attempt " + i + ": " + o);
                assertNull(o.error(), "attempt " + i);
            }
        }
    }

    /** 64 MB of body: read to its end (the attempt ends with it) and never held. */
    @Test
    void aLargeBodyIsReadToItsEndAndDropped() throws Exception {
        byte[] block = new byte[1 << 20];
        try (Receiver r = new Receiver(out -> {
                 out.write(("HTTP/1.1 200 OK\r\nContent-Length: " + 64L * block.length + "\r\nConnection: close\r\n\r\n")
                         .getBytes(StandardCharsets.US_ASCII));
                 for (int i = 0; i < 64; i++) {
                     out.write(block);
                 }
             });
             WebhookSender sender = new WebhookSender(VERTX.get(), InetAddress::getAllByName, true, Duration.ofSeconds(20))) {
            WebhookSender.Outcome o = sender.post(r.url(), "{}", "t=1,v1=00");
            assertEquals(200, o.statusCode(), o.toString());
            assertTrue(o.succeeded());
            assertTrue(r.served.await(5, TimeUnit.SECONDS), "the receiver wrote its whole body");
        }
    }

    /** A receiver that sends its status and then a byte now and then, never ending, is cut at the timeout. */
    @Test
    void aTricklingBodyIsCutAtTheTimeout() throws Exception {
        ScheduledExecutorService pace = Executors.newSingleThreadScheduledExecutor();
        try (Receiver r = new Receiver(out -> {
                 out.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                 out.flush();
                 // A byte every 200 ms until the sender closes the connection (a write then fails).
                 CountDownLatch cut = new CountDownLatch(1);
                 pace.scheduleAtFixedRate(() -> {
                     try {
                         out.write("1\r\nx\r\n".getBytes(StandardCharsets.US_ASCII));
                         out.flush();
                     } catch (IOException e) {
                         cut.countDown();
                         throw new UncheckedIOException(e); // ends the schedule
                     }
                 }, 200, 200, TimeUnit.MILLISECONDS);
                 try {
                     cut.await(30, TimeUnit.SECONDS);
                 } catch (InterruptedException e) {
                     Thread.currentThread().interrupt();
                 }
             });
             WebhookSender sender = new WebhookSender(VERTX.get(), InetAddress::getAllByName, true, Duration.ofSeconds(1))) {
            WebhookSender.Outcome o = sender.post(r.url(), "{}", "t=1,v1=00");
            assertNull(o.statusCode(), o.toString());
            assertEquals("timeout", o.error());
            assertTrue(o.durationMs() >= 1000 && o.durationMs() < 10_000, "cut about the timeout: " + o);
        } finally {
            pace.shutdownNow();
        }
    }

    private static byte[] response(String status, String body) {
        return ("HTTP/1.1 " + status + "\r\nContent-Type: text/plain\r\nContent-Length: " + body.length()
                + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII);
    }

    private interface Answer {
        void write(OutputStream out) throws IOException;
    }

    /** Answers every connection on loopback: reads the request's head and body, then writes the answer. */
    private static final class Receiver implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        final CountDownLatch served = new CountDownLatch(1);
        final Thread thread;

        Receiver(Answer answer) throws IOException {
            thread = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept()) {
                        readRequest(s.getInputStream());
                        OutputStream out = s.getOutputStream();
                        answer.write(out);
                        out.flush();
                        served.countDown();
                    } catch (IOException e) {
                        // closed by the sender (a cut attempt) or by close()
                    }
                }
            }, "webhook-sender-test-receiver");
            thread.setDaemon(true);
            thread.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getLocalPort() + "/hook";
        }

        private static void readRequest(InputStream in) throws IOException {
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int c = in.read();
                if (c < 0) {
                    return;
                }
                head.append((char) c);
            }
            int length = 0;
            for (String line : head.toString().split("\r\n")) {
                if (line.toLowerCase().startsWith("content-length:")) {
                    length = Integer.parseInt(line.substring(15).trim());
                }
            }
            in.readNBytes(length);
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }
}
