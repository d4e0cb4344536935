package dev.cardgen.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import org.awaitility.Awaitility;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * An S3 server of its own for one test profile, which a test can stop and start again on the same
 * port and the same (in-memory) data, the way a real S3 endpoint goes away and comes back. The
 * client settings are {@link S3ProxyTestResource}'s, pointed here.
 */
public class RestartableS3Proxy implements QuarkusTestResourceLifecycleManager {

    private static TransientNio2BlobStore store;
    private static int port;
    private static S3Proxy proxy;

    @Override
    public Map<String, String> start() {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        store = new TransientNio2BlobStore();
        store.createContainer(S3ProxyServer.BUCKET);
        startServer();
        Map<String, String> config = new HashMap<>(new S3ProxyTestResource().start());
        config.put("quarkus.s3.endpoint-override", "http://127.0.0.1:" + port);
        return config;
    }

    @Override
    public void stop() {
        stopServer();
    }

    public static synchronized void startServer() {
        try {
            proxy = S3Proxy.builder().blobStore(store)
                    .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, S3ProxyServer.ACCESS_KEY, S3ProxyServer.SECRET_KEY)
                    .endpoint(URI.create("http://127.0.0.1:" + port)).build();
            proxy.start();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot start S3Proxy on port " + port, e);
        }
        Awaitility.await("S3Proxy started").atMost(Duration.ofSeconds(30)).until(() -> "STARTED".equals(proxy.getState()));
    }

    public static synchronized void stopServer() {
        if (proxy != null) {
            try {
                proxy.stop();
            } catch (Exception e) {
                throw new IllegalStateException("Cannot stop S3Proxy", e);
            }
            proxy = null;
        }
    }
}
