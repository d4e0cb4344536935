package dev.cardgen.testing;

import io.restassured.http.ContentType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The smallest container the service is documented for (1 vCPU, 512 MB) emulated on a bigger
 * machine: the JVM options and environment of {@code src/main/docker/Dockerfile.aot}, read from that
 * file so that the check runs what the image runs, plus {@code -XX:MaxRAM} and
 * {@code -XX:ActiveProcessorCount}, which make the JVM size itself as it would under those cgroup
 * limits. {@link #exercise} is the load the memory budget is checked with.
 */
public final class SmallContainer {

    public static final int LIMIT_MB = 512;
    public static final int CPUS = 1;
    static final Path DOCKERFILE = Path.of("src/main/docker/Dockerfile.aot");
    private static final Pattern ENV = Pattern.compile("(\\w+)=(\"[^\"]*\"|'[^']*'|\\S+)");

    private SmallContainer() {
    }

    /** The image's {@code ENV} lines, {@code JAVA_OPTS} included, in order. */
    public static Map<String, String> imageEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(DOCKERFILE)) {
                if (line.startsWith("ENV ")) {
                    Matcher m = ENV.matcher(line.substring(4));
                    while (m.find()) {
                        String v = m.group(2);
                        env.put(m.group(1), v.matches("([\"']).*\\1") ? v.substring(1, v.length() - 1) : v);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!env.containsKey("JAVA_OPTS")) {
            throw new IllegalStateException(DOCKERFILE + " sets no JAVA_OPTS");
        }
        return env;
    }

    /**
     * The image's JVM options and the container's size. Without {@code aotCache} the
     * {@code -XX:AOTCache} option is left out (a JDK 17 run, or no cache trained yet).
     */
    public static List<String> jvmOptions(boolean aotCache) {
        List<String> options = new ArrayList<>();
        for (String o : imageEnvironment().get("JAVA_OPTS").strip().split("\\s+")) {
            if (aotCache || !o.startsWith("-XX:AOTCache")) {
                options.add(o);
            }
        }
        options.add("-XX:MaxRAM=" + LIMIT_MB + "m");
        options.add("-XX:ActiveProcessorCount=" + CPUS);
        return options;
    }

    /** The image's environment variables other than {@code JAVA_OPTS} (e.g. the allocator's arena bound). */
    public static Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>(imageEnvironment());
        env.remove("JAVA_OPTS");
        return env;
    }

    /**
     * Resident memory of a process, from {@code /proc/PID/status}: now, its peak so far, and of the
     * current figure the anonymous part (heap, native allocations: what a cgroup cannot reclaim) and the
     * file-backed part (the jar's and the AOT cache's mapped pages: clean, reclaimable under pressure), MB.
     */
    public record Rss(long nowMb, long peakMb, long anonMb, long fileMb) {
        public static Rss of(long pid) {
            try {
                List<String> status = Files.readAllLines(Path.of("/proc/" + pid + "/status"));
                return new Rss(kb(status, "VmRSS") / 1024, kb(status, "VmHWM") / 1024, kb(status, "RssAnon") / 1024,
                        kb(status, "RssFile") / 1024);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return String.format("RSS %d MB (anonymous %d, file-backed %d), peak %d MB", nowMb, anonMb, fileMb, peakMb);
        }

        private static long kb(List<String> status, String key) {
            return status.stream().filter(l -> l.startsWith(key + ":")).map(l -> Long.parseLong(l.replaceAll("\\D", "")))
                    .findFirst().orElseThrow();
        }
    }

    /** RSS idle before the load, its peak through the load, and RSS right after it (MB), with its anonymous part. */
    public record Footprint(long idleMb, long peakMb, long afterMb, long afterAnonMb) {
        @Override
        public String toString() {
            return String.format("RSS idle %d MB, peak %d MB, after %d MB (anonymous %d MB) (limit %d MB)", idleMb, peakMb, afterMb,
                    afterAnonMb, LIMIT_MB);
        }
    }

    /**
     * Four concurrent uploads of a 12 Mpx photo (each decoded and cut out), then a 3-variant
     * generation from one of them followed to {@code done}; asserts every answer.
     */
    public static Footprint exercise(PackagedApp app, String key) throws Exception {
        long pid = app.process().pid();
        long idle = Rss.of(pid).nowMb();
        byte[] photo = Photos.productJpeg(4000, 3000);
        List<CompletableFuture<String>> uploads = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            uploads.add(CompletableFuture.supplyAsync(() -> app.as(key).multiPart("file", "photo.jpg", photo, "image/jpeg")
                    .post("/api/v1/assets").then().statusCode(201).extract().<String>path("id")));
        }
        List<String> assets = uploads.stream().map(CompletableFuture::join).toList();
        var created = app.as(key).contentType(ContentType.JSON).body(Map.of("asset_id", assets.get(0), "variants", 3, "ratio", "3:4"))
                .post("/api/v1/generations").then().statusCode(202).extract();
        List<Sse.Event> events = Sse.readUntilClosed(created.path("stream_url"), Duration.ofSeconds(120));
        assertEquals("done", events.get(events.size() - 1).name(), () -> events + "\n" + app.log());
        assertEquals(3, events.stream().filter(e -> e.name().equals("variant")).count());
        Rss end = Rss.of(pid);
        return new Footprint(idle, end.peakMb(), end.nowMb(), end.anonMb());
    }

    /** Whether this JVM can use the packaged AOT cache (JDK 25+, and the training has written it). */
    public static boolean aotCacheUsable() {
        return Runtime.version().feature() >= 25 && Files.isRegularFile(Path.of("target/quarkus-app/app.aot"));
    }
}
