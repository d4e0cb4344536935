package dev.cardgen.storage;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.asset.AssetBlobs;
import dev.cardgen.generation.GenerationBlobs;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What every {@link BlobStore} must do; subclasses run it against a real store. */
abstract class BlobStoreContractTest {

    protected BlobStore store;
    protected String assetId;

    @TempDir
    Path tmp;

    /** A store; each test writes under fresh ids, so the store may be shared. */
    protected abstract BlobStore createStore() throws Exception;

    @BeforeEach
    void setUpStore() throws Exception {
        store = createStore();
        assetId = TestIds.newId("ast");
    }

    @Test
    void putBytesThenStatAndGet() throws IOException {
        String key = AssetBlobs.original(assetId);
        byte[] bytes = TestIds.bytes(10_000, 1);

        store.put(key, bytes, "image/png");

        BlobInfo info = store.stat(key).orElseThrow();
        assertEquals(key, info.key());
        assertEquals(bytes.length, info.size());
        assertEquals("image/png", info.contentType());
        assertFalse(info.etag().isBlank() || info.etag().contains("\""), info.etag());
        assertNotNull(info.lastModified());
        assertArrayEquals(bytes, read(store.get(key)));
    }

    @Test
    void putFileThenGet() throws IOException {
        String key = GenerationBlobs.preview(TestIds.newId("gen"), 2);
        byte[] bytes = TestIds.bytes(300_000, 2);
        Path source = Files.write(tmp.resolve("preview.jpg"), bytes);

        store.put(key, source, "image/jpeg");

        assertArrayEquals(bytes, read(store.get(key)));
        assertEquals("image/jpeg", store.stat(key).orElseThrow().contentType());
        assertTrue(Files.exists(source), "put must not consume the source file");
    }

    @Test
    void putAllStoresEveryObject() throws IOException {
        byte[] original = TestIds.bytes(200_000, 6);
        byte[] mask = TestIds.bytes(5_000, 7);
        Path source = Files.write(tmp.resolve("original"), original);

        store.putAll(List.of(BlobWrite.file(AssetBlobs.original(assetId), source, "image/jpeg"),
                BlobWrite.bytes(AssetBlobs.mask(assetId), mask, "image/png")));

        assertArrayEquals(original, read(store.get(AssetBlobs.original(assetId))));
        assertEquals("image/jpeg", store.stat(AssetBlobs.original(assetId)).orElseThrow().contentType());
        assertArrayEquals(mask, read(store.get(AssetBlobs.mask(assetId))));
        assertEquals("image/png", store.stat(AssetBlobs.mask(assetId)).orElseThrow().contentType());
        assertTrue(Files.exists(source), "putAll must not consume a source file");
    }

    @Test
    void putAllThatFailsPartWayLeavesNothing() throws IOException {
        Path source = Files.write(tmp.resolve("original"), TestIds.bytes(50_000, 8));
        List<BlobWrite> writes = List.of(
                BlobWrite.file(AssetBlobs.original(assetId), source, "image/jpeg"),
                BlobWrite.bytes(AssetBlobs.workingCopy(assetId), TestIds.bytes(1_000, 9), "image/jpeg"),
                BlobWrite.file(AssetBlobs.mask(assetId), tmp.resolve("never-written.png"), "image/png"));

        assertThrows(RuntimeException.class, () -> store.putAll(writes));

        assertTrue(list(AssetBlobs.prefix(assetId)).isEmpty(), () -> "left behind: " + list(AssetBlobs.prefix(assetId)));
    }

    @Test
    void nullContentTypeIsStoredAsOctetStream() {
        String key = AssetBlobs.original(assetId);
        store.put(key, new byte[] {1, 2, 3}, null);
        assertEquals("application/octet-stream", store.stat(key).orElseThrow().contentType());
    }

    @Test
    void contentTypeThatCouldSplitAHeaderIsRejected() {
        String key = AssetBlobs.original(assetId);
        assertThrows(IllegalArgumentException.class, () -> store.put(key, new byte[] {1}, "text/plain\r\nX-Evil: 1"));
        assertTrue(store.stat(key).isEmpty());
    }

    @Test
    void rangeReadsFirstMiddleAndLastBytes() throws IOException {
        String key = AssetBlobs.original(assetId);
        byte[] bytes = TestIds.bytes(100_000, 3);
        store.put(key, bytes, "application/octet-stream");

        assertArrayEquals(Arrays.copyOfRange(bytes, 0, 100), read(store.getRange(key, 0, 100)));
        assertArrayEquals(Arrays.copyOfRange(bytes, 40_000, 52_345), read(store.getRange(key, 40_000, 12_345)));
        assertArrayEquals(Arrays.copyOfRange(bytes, 99_900, 100_000), read(store.getRange(key, 99_900, 100)));
        assertArrayEquals(new byte[] {bytes[99_999]}, read(store.getRange(key, 99_999, 1)));
    }

    @Test
    void rangePastTheEndIsClampedToTheEnd() throws IOException {
        String key = AssetBlobs.original(assetId);
        byte[] bytes = TestIds.bytes(1000, 4);
        store.put(key, bytes, "application/octet-stream");

        assertArrayEquals(Arrays.copyOfRange(bytes, 900, 1000), read(store.getRange(key, 900, 5000)));
        assertArrayEquals(Arrays.copyOfRange(bytes, 10, 1000), read(store.getRange(key, 10, Long.MAX_VALUE)));
        assertArrayEquals(new byte[0], read(store.getRange(key, 10, 0)));
    }

    @Test
    void rangeStartingAtOrPastTheEndIsRejected() {
        String key = AssetBlobs.original(assetId);
        store.put(key, TestIds.bytes(1000, 5), "application/octet-stream");

        assertThrows(IllegalArgumentException.class, () -> read(store.getRange(key, 1000, 10)));
        assertThrows(IllegalArgumentException.class, () -> read(store.getRange(key, 1000, 0)));
        assertThrows(IllegalArgumentException.class, () -> read(store.getRange(key, -1, 10)));
        assertThrows(IllegalArgumentException.class, () -> read(store.getRange(key, 0, -1)));
    }

    @Test
    void overwriteReplacesBytesAndContentType() throws IOException {
        String key = AssetBlobs.original(assetId);
        store.put(key, "first version".getBytes(StandardCharsets.UTF_8), "text/plain");
        String firstEtag = store.stat(key).orElseThrow().etag();

        store.put(key, "second".getBytes(StandardCharsets.UTF_8), "application/json");

        assertEquals("second", new String(read(store.get(key)), StandardCharsets.UTF_8));
        BlobInfo info = store.stat(key).orElseThrow();
        assertEquals(6, info.size());
        assertEquals("application/json", info.contentType());
        assertNotEquals(firstEtag, info.etag());
    }

    @Test
    void deleteExistingThenMissing() {
        String key = AssetBlobs.original(assetId);
        store.put(key, new byte[] {1, 2, 3}, "application/octet-stream");

        assertTrue(store.delete(key));
        assertTrue(store.stat(key).isEmpty());
        assertThrows(BlobNotFoundException.class, () -> store.get(key));
        assertFalse(store.delete(key));
    }

    @Test
    void missingKeyIsNotFound() {
        String key = AssetBlobs.original(assetId);

        assertTrue(store.stat(key).isEmpty());
        BlobNotFoundException e = assertThrows(BlobNotFoundException.class, () -> store.get(key));
        assertEquals(key, e.key());
        assertThrows(BlobNotFoundException.class, () -> store.getRange(key, 0, 10));
        assertThrows(BlobNotFoundException.class, () -> store.getRange(key, 0, 0));
    }

    @Test
    void aPrefixOfAKeyIsNotAnObject() {
        store.put(AssetBlobs.original(assetId), new byte[] {1}, "image/png");
        String folder = "assets/" + assetId;

        assertTrue(store.stat(folder).isEmpty());
        assertThrows(BlobNotFoundException.class, () -> store.get(folder));
        assertFalse(store.delete(folder));
        assertTrue(store.stat(AssetBlobs.original(assetId)).isPresent());
    }

    @Test
    void listReturnsKeysUnderThePrefixOnly() {
        String genId = TestIds.newId("gen");
        String otherAsset = TestIds.newId("ast");
        String thumb = AssetBlobs.prefix(assetId) + "thumb.jpg";
        store.put(AssetBlobs.original(assetId), new byte[] {1}, "image/png");
        store.put(thumb, new byte[] {2}, "image/jpeg");
        store.put(AssetBlobs.original(otherAsset), new byte[] {3}, "image/png");
        store.put(GenerationBlobs.preview(genId, 0), new byte[] {4}, "image/jpeg");
        store.put(GenerationBlobs.product(genId), new byte[] {5}, "image/png");
        store.put(GenerationBlobs.preview(genId, 1), new byte[] {6}, "image/jpeg");

        assertThat(list(AssetBlobs.prefix(assetId)), containsInAnyOrder(AssetBlobs.original(assetId), thumb));
        assertThat(list(GenerationBlobs.prefix(genId)), containsInAnyOrder(
                GenerationBlobs.preview(genId, 0), GenerationBlobs.product(genId), GenerationBlobs.preview(genId, 1)));
        // A prefix need not end at a '/'.
        assertThat(list("assets/" + assetId), containsInAnyOrder(AssetBlobs.original(assetId), thumb));
        List<String> allAssets = list("assets/");
        assertThat(allAssets, hasItems(AssetBlobs.original(assetId), AssetBlobs.original(otherAsset)));
        assertThat(allAssets, everyItem(startsWith("assets/")));
        assertTrue(list("exports/" + TestIds.newId("exp") + "/").isEmpty());
        assertTrue(list("").containsAll(allAssets));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../x", "/abs", "a/../../b", "a/./b", "a//b", "a/", "", ".hidden", "a/.meta",
            "a\\b", "a b", "a/\u0000b", "C:/x", "a/..", "%2e%2e/x", "assets/ast_x/original\n"})
    void invalidKeysAreRejectedEverywhere(String key) {
        assertThrows(IllegalArgumentException.class, () -> store.put(key, new byte[] {1}, "text/plain"));
        assertThrows(IllegalArgumentException.class, () -> store.put(key, tmp, "text/plain"));
        assertThrows(IllegalArgumentException.class, () -> store.stat(key));
        assertThrows(IllegalArgumentException.class, () -> store.get(key));
        assertThrows(IllegalArgumentException.class, () -> store.getRange(key, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> store.delete(key));
        assertThrows(IllegalArgumentException.class, () -> store.presignedGet(key, Duration.ofMinutes(1), "x.png"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"../", "/", "assets/../", "assets//", ".x", "assets/.x"})
    void invalidPrefixesAreRejected(String prefix) {
        assertThrows(IllegalArgumentException.class, () -> store.list(prefix));
    }

    @Test
    void healthyStorePassesTheHealthCheck() {
        store.checkHealth();
    }

    protected static byte[] read(InputStream in) throws IOException {
        try (in) {
            return in.readAllBytes();
        }
    }

    protected List<String> list(String prefix) {
        try (Stream<String> keys = store.list(prefix)) {
            return keys.toList();
        }
    }
}
