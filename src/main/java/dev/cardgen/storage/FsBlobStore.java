package dev.cardgen.storage;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Blobs as files under a root folder: {@code root/assets/ast_.../original}. Content types live in a
 * sidecar {@code .original.meta} beside the file. Names starting with '.' are the store's own
 * (sidecars, temp files, probes); {@link BlobKeys} keeps keys from ever producing one.
 */
public final class FsBlobStore implements BlobStore {

    private static final String META_SUFFIX = ".meta";
    private static final String TMP_SUFFIX = ".tmp";

    private final Path root;

    public FsBlobStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
        try {
            Files.createDirectories(this.root);
        } catch (IOException e) {
            throw new BlobStorageException("Cannot create blob root " + this.root, e);
        }
    }

    public Path root() {
        return root;
    }

    @Override
    public void put(String key, Path source, String contentType) {
        Path target = resolve(key);
        String type = ContentTypes.require(contentType);
        writeAtomically(target, tmp -> Files.copy(source, tmp, StandardCopyOption.REPLACE_EXISTING), type);
    }

    @Override
    public void put(String key, byte[] bytes, String contentType) {
        Path target = resolve(key);
        String type = ContentTypes.require(contentType);
        writeAtomically(target, tmp -> Files.write(tmp, bytes), type);
    }

    @Override
    public Optional<BlobInfo> stat(String key) {
        Path file = resolve(key);
        BasicFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new BlobStorageException("Cannot stat " + key, e);
        }
        if (!attrs.isRegularFile()) {
            return Optional.empty();
        }
        return Optional.of(new BlobInfo(key, attrs.size(), readContentType(file), etag(attrs),
                attrs.lastModifiedTime().toInstant()));
    }

    @Override
    public InputStream get(String key) {
        FileChannel channel = openForRead(key);
        return Channels.newInputStream(channel);
    }

    @Override
    public InputStream getRange(String key, long offset, long length) {
        Ranges.require(offset, length);
        FileChannel channel = openForRead(key);
        try {
            long size = channel.size();
            if (offset >= size) {
                channel.close();
                throw new IllegalArgumentException("Range offset " + offset + " is not below size " + size + " of " + key);
            }
            channel.position(offset);
            return new LimitedInputStream(Channels.newInputStream(channel), Math.min(length, size - offset));
        } catch (IOException e) {
            closeQuietly(channel);
            throw new BlobStorageException("Cannot read " + key, e);
        }
    }

    @Override
    public boolean delete(String key) {
        Path file = resolve(key);
        try {
            if (!Files.isRegularFile(file)) {
                return false;
            }
            boolean existed = Files.deleteIfExists(file);
            Files.deleteIfExists(metaPath(file));
            return existed;
        } catch (IOException e) {
            throw new BlobStorageException("Cannot delete " + key, e);
        }
    }

    @Override
    public Stream<String> list(String prefix) {
        BlobKeys.requireValidPrefix(prefix);
        int lastSlash = prefix.lastIndexOf('/');
        Path start = lastSlash < 0 ? root : root.resolve(prefix.substring(0, lastSlash));
        if (!Files.isDirectory(start)) {
            return Stream.empty();
        }
        // Collected eagerly: a lazy Files.walk fails as soon as a concurrent put's temp file vanishes.
        List<String> keys = new ArrayList<>();
        try {
            Files.walkFileTree(start, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(start) && isInternal(dir) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && !isInternal(file)) {
                        String key = toKey(file);
                        if (key.startsWith(prefix)) {
                            keys.add(key);
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }
            });
        } catch (IOException e) {
            throw new BlobStorageException("Cannot list " + prefix, e);
        }
        return keys.stream();
    }

    @Override
    public Optional<URI> presignedGet(String key, Duration ttl, String downloadFileName) {
        BlobKeys.requireValidKey(key);
        return Optional.empty();
    }

    @Override
    public void checkHealth() {
        Path probe = root.resolve(".health-" + UUID.randomUUID() + TMP_SUFFIX);
        byte[] expected = probe.getFileName().toString().getBytes(StandardCharsets.UTF_8);
        try {
            Files.write(probe, expected, StandardOpenOption.CREATE_NEW);
            if (!Arrays.equals(expected, Files.readAllBytes(probe))) {
                throw new BlobStorageException("Blob root " + root + " returned different bytes than written", null);
            }
        } catch (IOException e) {
            throw new BlobStorageException("Blob root " + root + " is not usable: " + e, e);
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException e) {
                // The write or read already failed, or the next probe will report it.
            }
        }
    }

    private Path resolve(String key) {
        BlobKeys.requireValidKey(key);
        Path file = root.resolve(key).normalize();
        // Belt and braces: the key pattern already forbids '..' and absolute keys.
        if (!file.startsWith(root) || file.equals(root)) {
            throw new IllegalArgumentException("Key escapes the blob root: " + key);
        }
        return file;
    }

    private interface TempWriter {
        void write(Path tmp) throws IOException;
    }

    /**
     * Writes to a temp file in the target's folder, flushes it to disk, then renames it over the
     * target: a reader opens either the old file or the new one, never a half-written one. The
     * sidecar's temp file is written beside it and both are flushed at once (one after the other,
     * each would wait for the disk on its own); the sidecar is renamed first, so a crash between the
     * two renames leaves the old bytes with the new type at worst, never new bytes without a type.
     */
    private void writeAtomically(Path target, TempWriter writer, String contentType) {
        Path tmp = null;
        Path metaTmp = null;
        try {
            Files.createDirectories(target.getParent());
            Path meta = metaPath(target);
            metaTmp = tempFileFor(meta);
            Files.write(metaTmp, contentType.getBytes(StandardCharsets.UTF_8));
            tmp = tempFileFor(target);
            writer.write(tmp);
            forceBoth(metaTmp, tmp);
            moveAtomically(metaTmp, meta);
            metaTmp = null;
            moveAtomically(tmp, target);
            tmp = null;
        } catch (IOException e) {
            throw new BlobStorageException("Cannot write " + root.relativize(target), e);
        } finally {
            deleteQuietly(metaTmp);
            deleteQuietly(tmp);
        }
    }

    private static void deleteQuietly(Path tmp) {
        if (tmp != null) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException e) {
                // Left behind as a dot-file: invisible to get/list; harmless.
            }
        }
    }

    /** Flushes {@code a} on a helper thread while the caller flushes {@code b}; returns when both are on disk. */
    private static void forceBoth(Path a, Path b) throws IOException {
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> {
            try {
                force(a);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, Flusher.THREADS);
        try {
            force(b);
        } finally {
            try {
                first.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof UncheckedIOException u) {
                    throw u.getCause();
                }
                throw e;
            }
        }
    }

    /** Threads made on first use, gone after a minute idle; as many as puts flush at once. */
    private static final class Flusher {
        static final ExecutorService THREADS = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "cardgen-blob-flush");
            t.setDaemon(true);
            return t;
        });
    }

    private static Path tempFileFor(Path target) throws IOException {
        String name = target.getFileName().toString();
        String base = name.startsWith(".") ? name : "." + name;
        return Files.createTempFile(target.getParent(), base + ".", TMP_SUFFIX);
    }

    private static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    private static void moveAtomically(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // Same folder, so this only happens on exotic filesystems; refuse rather than write non-atomically.
            throw new IOException("Filesystem of " + target.getParent() + " cannot rename atomically", e);
        }
    }

    private FileChannel openForRead(String key) {
        Path file = resolve(key);
        try {
            if (!Files.isRegularFile(file)) {
                throw new BlobNotFoundException(key);
            }
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new BlobNotFoundException(key, e);
        } catch (IOException e) {
            throw new BlobStorageException("Cannot open " + key, e);
        }
    }

    private static String readContentType(Path file) {
        try {
            String type = Files.readString(metaPath(file), StandardCharsets.UTF_8).strip();
            return type.isEmpty() ? ContentTypes.DEFAULT : type;
        } catch (NoSuchFileException e) {
            return ContentTypes.DEFAULT;
        } catch (IOException e) {
            throw new BlobStorageException("Cannot read the content type of " + file, e);
        }
    }

    /** Changes with every put: each put renames a new file (new inode) into place. */
    private static String etag(BasicFileAttributes attrs) {
        Object fileKey = attrs.fileKey();
        long modified = attrs.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        return Long.toHexString(attrs.size()) + "-" + Long.toHexString(modified)
                + (fileKey == null ? "" : "-" + Integer.toHexString(fileKey.hashCode()));
    }

    private static Path metaPath(Path file) {
        return file.resolveSibling("." + file.getFileName() + META_SUFFIX);
    }

    private static boolean isInternal(Path path) {
        return path.getFileName().toString().startsWith(".");
    }

    private String toKey(Path file) {
        return root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Reporting the original failure matters more.
        }
    }

    /** Stops after {@code remaining} bytes; closing it closes the file. */
    private static final class LimitedInputStream extends FilterInputStream {
        private long remaining;

        LimitedInputStream(InputStream in, long limit) {
            super(in);
            this.remaining = limit;
        }

        @Override
        public int read() throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int b = super.read();
            if (b >= 0) {
                remaining--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (remaining <= 0) {
                return -1;
            }
            int n = super.read(b, off, (int) Math.min(len, remaining));
            if (n > 0) {
                remaining -= n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(Math.min(n, remaining));
            remaining -= skipped;
            return skipped;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(super.available(), remaining);
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
