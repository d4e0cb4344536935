package dev.cardgen.testing;

import java.net.URI;
import java.time.Duration;

import org.awaitility.Awaitility;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/**
 * A real S3 server (S3Proxy, in-memory store, AWS v2/v4 auth) in this JVM, started once per test
 * run on a free port and stopped when the JVM exits. Tests share one bucket, so each test uses
 * keys of its own (fresh ids).
 */
public final class S3ProxyServer {

    public static final String ACCESS_KEY = "cardgen-test-access-key";
    public static final String SECRET_KEY = "cardgen-test-secret-key";
    public static final String BUCKET = "cardgen-test";
    public static final String REGION = "us-east-1";

    private static S3ProxyServer instance;

    private final S3Proxy proxy;
    private final URI endpoint;

    private S3ProxyServer() throws Exception {
        TransientNio2BlobStore store = new TransientNio2BlobStore();
        store.createContainer(BUCKET);
        proxy = S3Proxy.builder()
                .blobStore(store)
                .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                .endpoint(URI.create("http://127.0.0.1:0"))
                .build();
        proxy.start();
        Awaitility.await("S3Proxy started").atMost(Duration.ofSeconds(30)).until(() -> "STARTED".equals(proxy.getState()));
        endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    }

    /** Starts the shared server on first call; later calls return the same one. */
    public static synchronized S3ProxyServer start() {
        if (instance == null) {
            try {
                instance = new S3ProxyServer();
            } catch (Exception e) {
                throw new IllegalStateException("Cannot start S3Proxy", e);
            }
            S3ProxyServer started = instance;
            Runtime.getRuntime().addShutdownHook(new Thread(started::stop, "s3proxy-stop"));
        }
        return instance;
    }

    public URI endpoint() {
        return endpoint;
    }

    /** A client configured the way quarkus.s3.* configures the app's: URL connection, path style, static keys. */
    public S3Client newClient() {
        return S3Client.builder()
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .credentialsProvider(credentials())
                .forcePathStyle(true)
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .build();
    }

    public S3Presigner newPresigner() {
        return S3Presigner.builder()
                .endpointOverride(endpoint)
                .region(Region.of(REGION))
                .credentialsProvider(credentials())
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .build();
    }

    private static StaticCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY));
    }

    private void stop() {
        try {
            proxy.stop();
        } catch (Exception e) {
            // JVM is exiting; nothing useful to do.
        }
    }
}
