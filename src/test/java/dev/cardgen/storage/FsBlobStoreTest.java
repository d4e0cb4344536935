package dev.cardgen.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.asset.AssetBlobs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class FsBlobStoreTest extends BlobStoreContractTest {

    @TempDir
    Path root;

    @Override
    protected BlobStore createStore() {
        return new FsBlobStore(root.resolve("blobs"));
    }

    @Test
    void readersNeverSeeAPartialObjectWhileItIsOverwritten() throws Exception {
        String key = AssetBlobs.original(assetId);
        int size = 5 * 1024 * 1024;
        byte[] oldBytes = new byte[size];
        byte[] newBytes = new byte[size];
        Arrays.fill(oldBytes, (byte) 'o');
        Arrays.fill(newBytes, (byte) 'n');
        Path newFile = Files.write(tmp.resolve("new.bin"), newBytes);
        store.put(key, oldBytes, "application/octet-stream");

        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<Integer>> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                readers.add(pool.submit(() -> {
                    int reads = 0;
                    do {
                        byte[] seen = read(store.get(key));
                        assertEquals(size, seen.length, "a reader saw a partial object");
                        assertTrue(Arrays.equals(seen, oldBytes) || Arrays.equals(seen, newBytes),
                                "a reader saw a mix of old and new bytes");
                        reads++;
                    } while (writing.get());
                    return reads;
                }));
            }
            Future<?> writer = pool.submit(() -> {
                try {
                    for (int i = 0; i < 12; i++) {
                        // Alternate both put variants and both contents.
                        if (i % 2 == 0) {
                            store.put(key, newFile, "application/octet-stream");
                        } else {
                            store.put(key, oldBytes, "application/octet-stream");
                        }
                    }
                } finally {
                    writing.set(false);
                }
                return null;
            });
            writer.get(120, TimeUnit.SECONDS);
            int reads = 0;
            for (Future<Integer> reader : readers) {
                reads += reader.get(60, TimeUnit.SECONDS);
            }
            assertTrue(reads >= 2, "readers ran " + reads + " times");
        } finally {
            pool.shutdownNow();
        }
        assertEquals(List.of(key), list(AssetBlobs.prefix(assetId)), "no temp file may be left visible");
    }

    @Test
    void aStreamOpenedBeforeAnOverwriteKeepsReadingTheOldBytes() throws IOException {
        String key = AssetBlobs.original(assetId);
        byte[] oldBytes = TestIds.bytes(200_000, 10);
        store.put(key, oldBytes, "image/png");

        try (var in = store.get(key)) {
            byte[] head = in.readNBytes(1000);
            store.put(key, TestIds.bytes(200_000, 11), "image/png");
            byte[] rest = in.readAllBytes();
            byte[] seen = new byte[head.length + rest.length];
            System.arraycopy(head, 0, seen, 0, head.length);
            System.arraycopy(rest, 0, seen, head.length, rest.length);
            assertArrayEquals(oldBytes, seen);
        }
    }

    @Test
    void storesPlainFilesUnderTheRootAndHidesItsOwnFiles() throws IOException {
        String key = AssetBlobs.original(assetId);
        byte[] bytes = TestIds.bytes(1234, 12);
        store.put(key, bytes, "image/webp");

        Path file = root.resolve("blobs").resolve(key);
        assertArrayEquals(bytes, Files.readAllBytes(file));
        try (Stream<Path> siblings = Files.list(file.getParent())) {
            assertEquals(List.of("original", ".original.meta"),
                    siblings.map(p -> p.getFileName().toString()).sorted(java.util.Comparator.reverseOrder()).toList());
        }
        assertEquals(List.of(key), list(AssetBlobs.prefix(assetId)));
    }

    @Test
    void aWriteThatFailsLeavesNeitherItsFileNorItsSidecarNorATempFile() throws IOException {
        String key = AssetBlobs.original(assetId);
        Path missing = tmp.resolve("no-such-source.bin");
        assertThrows(BlobStorageException.class, () -> store.put(key, missing, "image/webp"));

        Path folder = root.resolve("blobs").resolve(key).getParent();
        try (Stream<Path> left = Files.list(folder)) {
            assertEquals(List.of(), left.map(p -> p.getFileName().toString()).toList());
        }
        assertTrue(store.stat(key).isEmpty());
    }

    @Test
    void keyOutsideTheRootIsRejectedBeforeAnyFileIsTouched() {
        Path outside = root.resolve("outside");
        assertThrows(IllegalArgumentException.class, () -> store.put("../outside", new byte[] {1}, "text/plain"));
        assertTrue(Files.notExists(outside));
    }

    @Test
    void noPresignedUrls() {
        store.put(AssetBlobs.original(assetId), new byte[] {1}, "image/png");
        assertTrue(store.presignedGet(AssetBlobs.original(assetId), Duration.ofMinutes(5), "a.png").isEmpty());
    }

    @Test
    void healthCheckFailsWhenTheRootIsGone() throws IOException {
        Path blobs = root.resolve("blobs");
        try (Stream<Path> files = Files.walk(blobs)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        Files.writeString(blobs, "a file where the folder should be");

        assertThrows(BlobStorageException.class, () -> store.checkHealth());
    }

    @Test
    void healthCheckLeavesNothingBehind() throws IOException {
        store.checkHealth();
        try (Stream<Path> files = Files.list(root.resolve("blobs"))) {
            assertEquals(0, files.count());
        }
    }
}
