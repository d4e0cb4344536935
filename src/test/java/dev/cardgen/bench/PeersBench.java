package dev.cardgen.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.Sse;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The service beside the scripts a developer would write instead, in the same run so that the ratio
 * holds on a shared machine: an export of a generated card (POST → ready → file downloaded) against
 * {@code bench/peers/vips-card.sh} (libvips, the cut-out on a backdrop, no text) and
 * {@code bench/peers/magick-card.sh} (ImageMagick, the whole card with text and badge), both given
 * the service's own cut-out, one process per card as a per-product script runs. The three take turns
 * in every round. BENCH_PEERS_RUNS rounds (8) after two of warm-up, at 1200x1600 and 2400x3200 PNG
 * (BENCH_PEERS_SIZES, e.g. 1200). BENCH_PEERS_SERVICE_WARMUP exports of the service alone before each size's
 * rounds (0) let its JIT settle. Beside the times: the CPU of each export, the service's threads by group and
 * PostgreSQL's processes ({@link ProcessCpu}); BENCH_PEERS_TRACE=1 prints the client's steps with the
 * monotonic clock the service's {@code dev.cardgen.trace} DEBUG lines use ({@code bench/export-timeline.py}).
 * On JDK 25 with a trained build the service starts from its AOT cache, as the image runs it; BENCH_AOT=no starts
 * it without ({@link ServiceBench#aotCache()}).
 */
final class PeersBench {

    private final ServiceBench bench;
    /** How often the export's record is read while it is processing: each read is a request the service answers beside the export. */
    private int pollMs = 5;

    PeersBench(ServiceBench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        int runs = Integer.parseInt(System.getenv().getOrDefault("BENCH_PEERS_RUNS", "8"));
        pollMs = Integer.parseInt(System.getenv().getOrDefault("BENCH_PEERS_POLL_MS", "5"));
        int serviceWarmup = Integer.parseInt(System.getenv().getOrDefault("BENCH_PEERS_SERVICE_WARMUP", "0"));
        int[] sizes = java.util.Arrays.stream(System.getenv().getOrDefault("BENCH_PEERS_SIZES", "1200,2400").split(","))
                .mapToInt(Integer::parseInt).toArray();
        Path dir = Files.createTempDirectory("cardgen-peers");
        Path scripts = Path.of("bench", "peers").toAbsolutePath();
        Path fonts = Path.of("src", "main", "resources", "fonts").toAbsolutePath();
        boolean aot = ServiceBench.aotCache();
        bench.start(List.of());
        try {
            String asset = bench.uploadAsset(Photos.productJpeg(1600, 1200));
            JsonNode g = bench.createGeneration(asset);
            Sse.readUntilClosed(g.get("stream_url").asText(), java.time.Duration.ofSeconds(60));
            String generation = g.get("id").asText();
            Path cutout = dir.resolve("cutout.png");
            get(bench.base() + "/api/v1/assets/" + asset + "/cutout", cutout);
            System.out.printf("peers: one 1600x1200 product photo (a drawn bottle on a sweep), its 3-variant generation and its cut-out (%d bytes); %d rounds after 2 of warm-up; AOT cache %s; load average %s%n",
                    Files.size(cutout), runs, aot ? "on" : "off", loadAverage());
            for (int width : sizes) {
                int height = width * 4 / 3;
                for (int i = 0; i < serviceWarmup; i++) {
                    export(generation, width, dir.resolve("service.png"));
                }
                List<Long> service = new ArrayList<>(), vips = new ArrayList<>(), magick = new ArrayList<>();
                List<long[]> splits = new ArrayList<>();
                List<Map<String, Long>> cpus = new ArrayList<>();
                long[] bytes = new long[3];
                for (int i = 0; i < runs + 2; i++) {
                    Path out = dir.resolve("service.png");
                    Map<String, Long> cpu0 = ProcessCpu.snapshot(bench.pid());
                    long t0 = System.nanoTime();
                    long[] split = export(generation, width, out);
                    long t1 = System.nanoTime();
                    Map<String, Long> cpu = ProcessCpu.since(cpu0, ProcessCpu.snapshot(bench.pid()));
                    script(scripts.resolve("vips-card.sh").toString(), cutout.toString(), Integer.toString(width), Integer.toString(height),
                            dir.resolve("vips.png").toString());
                    long t2 = System.nanoTime();
                    script(scripts.resolve("magick-card.sh").toString(), cutout.toString(), Integer.toString(width), Integer.toString(height),
                            dir.resolve("magick.png").toString(), fonts.resolve("Roboto-Regular.ttf").toString(), fonts.resolve("Roboto-Bold.ttf").toString());
                    long t3 = System.nanoTime();
                    if (i >= 2) {
                        service.add((t1 - t0) / 1_000_000);
                        vips.add((t2 - t1) / 1_000_000);
                        magick.add((t3 - t2) / 1_000_000);
                        splits.add(split);
                        cpus.add(cpu);
                    }
                    bytes = new long[]{Files.size(out), Files.size(dir.resolve("vips.png")), Files.size(dir.resolve("magick.png"))};
                }
                long s = median(service), v = median(vips), m = median(magick);
                ServiceBench.report("peers: " + width + "x" + height + " PNG, cardgen export POST → ready → downloaded (ms)", service);
                System.out.printf("peers: %dx%d cardgen's parts (medians, ms): POST → 202 %d, 202 → ready seen %d, download %d%n", width, height,
                        median(splits.stream().map(p -> p[0]).toList()), median(splits.stream().map(p -> p[1]).toList()),
                        median(splits.stream().map(p -> p[2]).toList()));
                System.out.printf("peers: %dx%d CPU per export (medians, ms; service threads by group, PostgreSQL's processes): %s%n", width, height,
                        ProcessCpu.medians(cpus));
                ServiceBench.report("peers: " + width + "x" + height + " PNG, libvips script, no text (ms)", vips);
                ServiceBench.report("peers: " + width + "x" + height + " PNG, ImageMagick script, whole card (ms)", magick);
                System.out.printf("peers: %dx%d medians cardgen %d ms, libvips %d ms (%.1fx cardgen's), ImageMagick %d ms (%.1fx); bytes %d / %d / %d%n",
                        width, height, s, v, v / (double) s, m, m / (double) s, bytes[0], bytes[1], bytes[2]);
            }
            System.out.println("peers: load average after " + loadAverage());
        } finally {
            bench.stop();
        }
    }

    /**
     * POST an export of variant 0, poll its record every {@code pollMs} (BENCH_PEERS_POLL_MS, 5) until ready, download the file to {@code out};
     * the milliseconds of the three parts (POST → 202, → ready seen, download).
     */
    private long[] export(String generation, int width, Path out) throws Exception {
        long t0 = System.nanoTime();
        var created = ServiceBench.HTTP.send(HttpRequest.newBuilder(URI.create(bench.base() + "/api/v1/exports"))
                .header("Authorization", "Bearer " + ServiceBench.KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(ServiceBench.JSON.writeValueAsString(Map.of("generation_id", generation,
                        "variant", 0, "preset", "market1-3x4", "format", "png", "width", width)))).build(), HttpResponse.BodyHandlers.ofString());
        if (created.statusCode() != 202) {
            throw new IllegalStateException("export answered " + created.statusCode() + ": " + created.body());
        }
        String id = ServiceBench.JSON.readTree(created.body()).get("id").asText();
        long t1 = System.nanoTime();
        trace("client-post-sent", id, t0);
        trace("client-202", id, t1);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            JsonNode e = ServiceBench.JSON.readTree(ServiceBench.HTTP.send(HttpRequest.newBuilder(URI.create(bench.base() + "/api/v1/exports/" + id))
                    .header("Authorization", "Bearer " + ServiceBench.KEY).build(), HttpResponse.BodyHandlers.ofString()).body());
            String status = e.get("status").asText();
            trace("client-poll-" + status, id, System.nanoTime());
            if ("ready".equals(status)) {
                break;
            }
            if (!"processing".equals(status) || System.nanoTime() > deadline) {
                throw new IllegalStateException("export not ready: " + e);
            }
            LockSupport.parkNanos(pollMs * 1_000_000L);
        }
        long t2 = System.nanoTime();
        get(bench.base() + "/api/v1/exports/" + id + "/file", out);
        trace("client-downloaded", id, System.nanoTime());
        return new long[]{(t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000};
    }

    private static void trace(String what, String id, long nanos) {
        if (System.getenv("BENCH_PEERS_TRACE") != null) {
            System.out.printf("TRACE %d %s %s client%n", nanos / 1000, what, id);
        }
    }

    private static void get(String url, Path out) throws Exception {
        var r = ServiceBench.HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + ServiceBench.KEY).build(),
                HttpResponse.BodyHandlers.ofFile(out));
        if (r.statusCode() != 200) {
            throw new IllegalStateException(url + " answered " + r.statusCode());
        }
    }

    private static void script(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed:\n" + output);
        }
    }

    private static long median(List<Long> ms) {
        List<Long> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }

    private static String loadAverage() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }
}
