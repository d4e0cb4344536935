package dev.cardgen.testing;

import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/**
 * Points a {@code @QuarkusTest} at the shared {@link S3ProxyServer}: {@code cardgen.storage.type=s3}
 * and a {@code quarkus.s3.*} client that reaches it.
 */
public class S3ProxyTestResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        S3ProxyServer server = S3ProxyServer.start();
        return Map.ofEntries(
                Map.entry("cardgen.storage.type", "s3"),
                Map.entry("cardgen.storage.s3.bucket", S3ProxyServer.BUCKET),
                Map.entry("cardgen.storage.s3.create-bucket", "true"),
                Map.entry("quarkus.s3.endpoint-override", server.endpoint().toString()),
                Map.entry("quarkus.s3.aws.region", S3ProxyServer.REGION),
                Map.entry("quarkus.s3.aws.credentials.type", "static"),
                Map.entry("quarkus.s3.aws.credentials.static-provider.access-key-id", S3ProxyServer.ACCESS_KEY),
                Map.entry("quarkus.s3.aws.credentials.static-provider.secret-access-key", S3ProxyServer.SECRET_KEY),
                Map.entry("quarkus.s3.path-style-access", "true"),
                Map.entry("quarkus.s3.sync-client.type", "url"),
                Map.entry("quarkus.s3.devservices.enabled", "false"));
    }

    @Override
    public void stop() {
        // Shared by every test class of the run; a shutdown hook stops it.
    }
}
