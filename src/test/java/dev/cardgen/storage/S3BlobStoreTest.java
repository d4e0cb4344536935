package dev.cardgen.storage;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.asset.AssetBlobs;
import dev.cardgen.export.ExportBlobs;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import dev.cardgen.testing.S3ProxyServer;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class S3BlobStoreTest extends BlobStoreContractTest {

    private static S3ProxyServer server;
    private static S3Client client;
    private static S3Presigner presigner;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    static void startServer() {
        server = S3ProxyServer.start();
        client = server.newClient();
        presigner = server.newPresigner();
    }

    @AfterAll
    static void closeClients() {
        client.close();
        presigner.close();
    }

    @Override
    protected BlobStore createStore() {
        return new S3BlobStore(client, presigner, S3ProxyServer.BUCKET);
    }

    @Test
    void presignedUrlServesTheBytesAsADownload() throws Exception {
        String key = ExportBlobs.file(TestIds.newId("exp"), "file.png");
        byte[] bytes = TestIds.bytes(50_000, 20);
        store.put(key, bytes, "image/png");

        URI url = store.presignedGet(key, Duration.ofMinutes(5), "Blue mug \"large\" – card 1.png").orElseThrow();
        HttpResponse<byte[]> response = fetch(url);

        assertEquals(200, response.statusCode());
        assertArrayEquals(bytes, response.body());
        String disposition = response.headers().firstValue("Content-Disposition").orElseThrow();
        assertThat(disposition, containsString("attachment; filename=\"Blue mug _large_ _ card 1.png\""));
        assertThat(disposition, containsString("filename*=UTF-8''Blue%20mug%20%22large%22%20%E2%80%93%20card%201.png"));
    }

    @Test
    void presignedUrlWithoutFileNameHasNoDisposition() throws Exception {
        String key = AssetBlobs.original(assetId);
        store.put(key, new byte[] {1, 2, 3}, "image/png");

        HttpResponse<byte[]> response = fetch(store.presignedGet(key, Duration.ofMinutes(5), null).orElseThrow());

        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Disposition").isEmpty());
    }

    @Test
    void expiredPresignedUrlIsRefused() {
        String key = AssetBlobs.original(assetId);
        store.put(key, new byte[] {1, 2, 3}, "image/png");
        URI url = store.presignedGet(key, Duration.ofSeconds(1), "a.png").orElseThrow();

        Awaitility.await("presigned URL expires").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(250))
                .until(() -> fetch(url).statusCode() == 403);
    }

    @Test
    void tamperedPresignedUrlIsRefused() throws Exception {
        String key = AssetBlobs.original(assetId);
        store.put(key, new byte[] {1, 2, 3}, "image/png");
        String url = store.presignedGet(key, Duration.ofMinutes(5), "a.png").orElseThrow().toString();

        assertEquals(403, fetch(URI.create(url.replace(assetId, TestIds.newId("ast")))).statusCode());
    }

    @Test
    void presignTtlMustBePositiveAndAtMostSevenDays() {
        String key = AssetBlobs.original(assetId);
        assertThrows(IllegalArgumentException.class, () -> store.presignedGet(key, Duration.ZERO, null));
        assertThrows(IllegalArgumentException.class, () -> store.presignedGet(key, Duration.ofDays(8), null));
    }

    @Test
    void healthCheckFailsForAMissingBucket() {
        S3BlobStore missing = new S3BlobStore(client, presigner, "no-such-bucket-" + System.nanoTime());
        assertThrows(BlobStorageException.class, missing::checkHealth);
    }

    @Test
    void createBucketIfMissingCreatesItOnceAndIsIdempotent() {
        S3BlobStore fresh = new S3BlobStore(client, presigner, "cardgen-fresh-" + System.nanoTime());
        fresh.createBucketIfMissing();
        fresh.createBucketIfMissing();
        fresh.checkHealth();
        fresh.put(AssetBlobs.original(assetId), new byte[] {7}, "image/png");
        assertTrue(fresh.stat(AssetBlobs.original(assetId)).isPresent());
    }

    private static HttpResponse<byte[]> fetch(URI url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }
}
