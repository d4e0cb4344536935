package dev.cardgen.bench;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.testing.BadUploads;
import dev.cardgen.testing.PackagedApp;
import dev.cardgen.testing.SmallContainer;
import dev.cardgen.testing.Sse;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * End-to-end numbers of the packaged service on this machine: start-up to ready, upload latency,
 * generation latency and concurrency, read throughput, and memory under concurrent large uploads.
 * Starts its own embedded PostgreSQL and runs {@code target/quarkus-app/quarkus-run.jar} as a child
 * process; loopback only, every loop bounded. Usage: ServiceBench [startup|upload|generation|get|download|memory|small|scale|peers|batch|batch-scale|sharp ...].
 * Environment: BENCH_STARTUP_JVM and BENCH_STARTS (see StartupBench), BENCH_APP_JVM (extra
 * JVM options for every start, e.g. a JFR recording), BENCH_CONNECTIONS (wrk connections, 16),
 * BENCH_BURST (generations submitted at once at the end of 'generation', 8) and BENCH_BURSTS (how many such bursts, 1), BENCH_APP_DIR (the packaged application's folder, {@code target/quarkus-app}).
 */
public final class ServiceBench {

    static final String KEY = "sk_bench_cardgen_0000000000000001";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.valueOf(System.getenv().getOrDefault("BENCH_HTTP", "HTTP_1_1"))) // as curl and most tools talk to http://
            .connectTimeout(Duration.ofSeconds(5)).build();

    private final EmbeddedPostgres postgres;
    private final Path work;
    Process app;
    /** Environment variables of the service beyond this process's own (as a container image sets them). */
    final Map<String, String> environment = new java.util.HashMap<>();
    private String base;

    ServiceBench(EmbeddedPostgres postgres, Path work) {
        this.postgres = postgres;
        this.work = work;
    }

    public static void main(String[] args) throws Exception {
        List<String> modes = args.length == 0 ? List.of("startup", "upload", "generation", "get", "download", "memory") : Arrays.asList(args);
        Path work = Files.createTempDirectory("cardgen-bench");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().start()) {
            ServiceBench bench = new ServiceBench(pg, work);
            System.out.printf("machine: %d cores, max heap of this client %d MB, java %s%n",
                    Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20, System.getProperty("java.version"));
            for (String mode : modes) {
                switch (mode) {
                    case "startup" -> bench.startup();
                    case "upload" -> bench.upload();
                    case "generation" -> bench.generation();
                    case "get" -> bench.get();
                    case "memory" -> bench.memory();
                    case "download" -> bench.download();
                    case "small" -> bench.small();
                    case "scale" -> bench.scale();
                    case "peers" -> new PeersBench(bench).run();
                    case "batch" -> new BatchBench(bench).run();
                    case "batch-scale" -> new BatchBench(bench).scale();
                    case "sharp" -> bench.sharp();
                    default -> throw new IllegalArgumentException(mode);
                }
            }
        }
    }

    // ---- scenarios ----------------------------------------------------------------------------

    void startup() throws Exception {
        new StartupBench(this).run();
    }

    /** CPU time the process has used so far (Linux /proc; clock ticks of 10 ms). */
    static long cpuMillis(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10;
    }

    void upload() throws Exception {
        start(List.of());
        // The 12 Mpx photo of a phone, then the 1600 px one a seller's tool may send already scaled down (#36 asks for both).
        for (int[] size : new int[][]{{4000, 3000}, {1600, 1200}}) {
            byte[] photo = BadUploads.photoJpeg(size[0], size[1]);
            System.out.printf("upload: %dx%d JPEG, %.2f MB%n", size[0], size[1], photo.length / 1e6);
            for (int i = 0; i < 5; i++) {
                uploadAsset(photo);
            }
            List<Long> ms = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                long t0 = System.nanoTime();
                uploadAsset(photo);
                ms.add((System.nanoTime() - t0) / 1_000_000);
            }
            report("upload: " + size[0] + "x" + size[1] + " POST /api/v1/assets → 201 (ms), 20 sequential after 5 warm-up", ms);
        }
        stop();
    }

    void generation() throws Exception {
        start(List.of());
        String asset = uploadAsset(BadUploads.photoJpeg(4000, 3000));
        for (int i = 0; i < 3; i++) {
            runGeneration(asset);
        }
        List<Long> total = new ArrayList<>();
        List<Long> firstEvent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            long[] t = runGeneration(asset);
            total.add(t[0]);
            firstEvent.add(t[1]);
        }
        report("generation: POST sent → done frame, 3 variants at 3:4 from a 12 Mpx photo (ms)", total);
        report("generation: POST answered → first stream event (ms)", firstEvent);

        // BENCH_BURSTS > 1 repeats the burst: the first is a fresh instance's, the later ones a settled JIT's.
        int burst = Integer.parseInt(env("BENCH_BURST", "8"));
        int bursts = Integer.parseInt(env("BENCH_BURSTS", "1"));
        for (int round = 1; round <= bursts; round++) {
            List<String> ids = Collections.synchronizedList(new ArrayList<>());
            ExecutorService pool = Executors.newFixedThreadPool(burst);
            List<Future<?>> all = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < burst; i++) {
                all.add(pool.submit((Callable<Void>) () -> {
                    JsonNode g = createGeneration(asset);
                    ids.add(g.get("id").asText());
                    Sse.readUntilClosed(g.get("stream_url").asText(), Duration.ofSeconds(120));
                    return null;
                }));
            }
            for (Future<?> f : all) {
                f.get();
            }
            pool.shutdown();
            long wall = (System.nanoTime() - t0) / 1_000_000;
            System.out.printf("generation: %d submitted at once%s: all done in %d ms = %.0f variants per minute; %s%n", burst,
                    bursts > 1 ? " (burst " + round + " of " + bursts + ")" : "", wall, burst * 3 * 60_000.0 / wall, idleWorkerCheck(ids));
        }
        stop();
    }

    void get() throws Exception {
        start(List.of());
        wrk("GET /api/v1/generations/{id} (3 ready variants)", base + "/api/v1/generations/" + finishedGeneration(BadUploads.photoJpeg(1600, 1200)));
        // The floor for comparison: the same key check and HTTP/JSON path, no database.
        wrk("GET /api/v1/templates (no database)", base + "/api/v1/templates");
        stop();
    }

    /** A ready 2400x3200 PNG export downloaded with wrk: one connection (sequential), then four. */
    void download() throws Exception {
        start(List.of());
        String generation = finishedGeneration(BadUploads.photoJpeg(4000, 3000));
        var created = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/exports"))
                .header("Authorization", "Bearer " + KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("generation_id", generation,
                        "variant", 0, "preset", "market1-3x4", "format", "png", "width", 2400)))).build(), HttpResponse.BodyHandlers.ofString());
        String id = JSON.readTree(created.body()).get("id").asText();
        JsonNode export = null;
        for (int i = 0; i < 600 && (export == null || !"ready".equals(export.get("status").asText())); i++) {
            java.util.concurrent.locks.LockSupport.parkNanos(50_000_000);
            export = JSON.readTree(HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/exports/" + id))
                    .header("Authorization", "Bearer " + KEY).build(), HttpResponse.BodyHandlers.ofString()).body());
        }
        if (export == null || !"ready".equals(export.get("status").asText())) {
            throw new IllegalStateException("export not ready: " + export);
        }
        System.out.printf("download: ready 2400x3200 PNG export, %d bytes%n", export.get("bytes").asLong());
        for (int c : new int[]{1, 4}) {
            String url = base + "/api/v1/exports/" + id + "/file";
            run("wrk", "-t1", "-c" + c, "-d5s", "-H", "Authorization: Bearer " + KEY, url); // warm-up
            String out = run("wrk", "-t1", "-c" + c, "-d15s", "--latency", "-H", "Authorization: Bearer " + KEY, url);
            System.out.println("download: wrk -t1 -c" + c + " -d15s GET /api/v1/exports/{id}/file");
            System.out.println(wrkSummary(out, "Requests/sec", "Transfer/sec", "50%", "99%", "Non-2xx"));
        }
        stop();
    }

    private static void wrk(String what, String url) throws Exception {
        int connections = Integer.parseInt(env("BENCH_CONNECTIONS", "16"));
        String c = "-c" + connections;
        run("wrk", "-t2", c, "-d5s", "-H", "Authorization: Bearer " + KEY, url); // warm-up
        String out = run("wrk", "-t2", c, "-d15s", "--latency", "-H", "Authorization: Bearer " + KEY, url);
        System.out.println("get: wrk -t2 " + c + " -d15s --latency " + what);
        System.out.println(wrkSummary(out, "Requests/sec", "99%", "50%", "Non-2xx", "requests in"));
    }

    /** The lines of wrk's report that contain one of {@code keys} (a percentile: that start with it), indented. */
    private static String wrkSummary(String out, String... keys) {
        return out.lines().filter(l -> Arrays.stream(keys).anyMatch(k -> k.endsWith("%") ? l.strip().startsWith(k) : l.contains(k)))
                .map(l -> "  " + l.strip())
                .reduce((a, b) -> a + "\n" + b).orElse(out);
    }

    /** Uploads {@code photo} and runs one 3-variant generation to its end; the generation's id. */
    String finishedGeneration(byte[] photo) throws Exception {
        JsonNode g = createGeneration(uploadAsset(photo));
        Sse.readUntilClosed(g.get("stream_url").asText(), Duration.ofSeconds(60));
        return g.get("id").asText();
    }

    void memory() throws Exception {
        start(List.of("-Xmx512m"));
        long pid = app.pid();
        // A real 12 Mpx photo padded after its end marker to 20 MB: the full byte count travels and
        // is stored, and the image is decoded (data after EOI is accepted, as in motion photos).
        byte[] photo = BadUploads.photoJpeg(4000, 3000);
        byte[] big = Arrays.copyOf(photo, 20 * 1024 * 1024 - 1024);
        System.out.println("memory: -Xmx512m, heap before: " + heap(pid));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        for (int round = 0; round < 3; round++) {
            List<Future<String>> f = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                f.add(pool.submit(() -> uploadAsset(big)));
            }
            for (Future<String> x : f) {
                x.get();
            }
        }
        pool.shutdown();
        System.out.println("memory: 3 rounds of 4 concurrent 20 MB uploads: all 201");
        System.out.println("memory: heap after: " + heap(pid));
        run("jcmd", Long.toString(pid), "GC.run");
        System.out.println("memory: heap after GC.run: " + heap(pid));
        String log = Files.readString(work.resolve("app.log"));
        System.out.println("memory: OutOfMemoryError in the log: " + log.contains("OutOfMemoryError"));
        stop();
    }

    /**
     * The smallest container (1 vCPU, 512 MB) as SmallContainerIT runs it, with this JDK's archive
     * when it has one (the AOT cache on JDK 25): BENCH_STARTS starts, each to ready and through four
     * concurrent 12 Mpx uploads and a 3-variant generation, with its RSS against the limit.
     */
    void small() throws Exception {
        boolean aot = SmallContainer.aotCacheUsable();
        List<String> jvm = new ArrayList<>(SmallContainer.jvmOptions(aot));
        String extra = env("BENCH_APP_JVM", "").strip(); // e.g. -XX:NativeMemoryTracking=summary: its summary is printed at the end
        if (!extra.isEmpty()) {
            jvm.addAll(Arrays.asList(extra.split("\\s+")));
        }
        System.out.printf("small: java %s %s -jar quarkus-run.jar, environment %s%n", Runtime.version(), String.join(" ", jvm),
                SmallContainer.environment());
        int starts = Integer.parseInt(env("BENCH_STARTS", "3"));
        List<Long> ready = new ArrayList<>();
        List<Long> idle = new ArrayList<>();
        List<Long> peak = new ArrayList<>();
        List<Long> after = new ArrayList<>();
        Map<String, String> settings = packagedSettings();
        for (int i = 0; i < starts; i++) {
            long t0 = System.nanoTime();
            try (PackagedApp app = PackagedApp.start("bench-small", jvm, SmallContainer.environment(), settings, Duration.ofSeconds(120))) {
                ready.add((System.nanoTime() - t0) / 1_000_000);
                String cpus = env("BENCH_CPUSET", "");
                if (!cpus.isEmpty()) { // every thread of the service on these cores only, as a CPU limit would
                    run("taskset", "-a", "-p", "-c", cpus, Long.toString(app.process().pid()));
                }
                SmallContainer.Footprint f = SmallContainer.exercise(app, KEY);
                System.out.println("small: start " + (i + 1) + ": " + f);
                throughput(app);
                idle.add(f.idleMb());
                peak.add(f.peakMb());
                after.add(f.afterMb());
                if (app.log().contains("OutOfMemoryError")) {
                    throw new IllegalStateException("OutOfMemoryError; see " + app.log());
                }
            }
        }
        report("small: process start → ready, migration included (ms)", ready);
        report("small: RSS at ready (MB)", idle);
        report("small: peak RSS through 4 concurrent 12 Mpx uploads and a 3-variant generation (MB, limit " + SmallContainer.LIMIT_MB + ")", peak);
        report("small: RSS right after (MB)", after);
    }

    /**
     * Exports drawn from the original photo in the smallest container (1 vCPU, 512 MB, the image's JVM
     * options): BENCH_SHARP_SIDE² (7072², 50 Mpx) fine-print JPEGs uploaded and each taken through a
     * one-variant white generation, then a 2400 px export of each of the four submitted at once. The
     * service's peak RSS over the exports alone (its high-water mark is reset just before them) against
     * the 400 MB target, and how long the four took.
     */
    void sharp() throws Exception {
        List<String> jvm = new ArrayList<>(SmallContainer.jvmOptions(SmallContainer.aotCacheUsable()));
        String extra = env("BENCH_APP_JVM", "").strip(); // e.g. -XX:NativeMemoryTracking=summary: summaries before and after
        if (!extra.isEmpty()) {
            jvm.addAll(Arrays.asList(extra.split("\\s+")));
        }
        int side = Integer.parseInt(env("BENCH_SHARP_SIDE", "7072"));
        byte[] photo = dev.cardgen.testing.FinePrint.jpeg(dev.cardgen.testing.FinePrint.photo(side), 0.9f);
        System.out.printf("sharp: java %s %s -jar quarkus-run.jar; originals %d×%d JPEG (%.1f Mpx, %d bytes)%n", Runtime.version(),
                String.join(" ", jvm), side, side, side * (double) side / 1e6, photo.length);
        try (PackagedApp app = PackagedApp.start("bench-sharp", jvm, SmallContainer.environment(), packagedSettings(), Duration.ofSeconds(120))) {
            long pid = app.process().pid();
            List<String> generations = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String asset = app.as(KEY).multiPart("file", "label.jpg", photo, "image/jpeg").post("/api/v1/assets").then()
                        .statusCode(201).extract().path("id");
                String gen = app.as(KEY).contentType("application/json").body(Map.of("asset_id", asset, "variants", 1, "ratio", "3:4",
                        "template", "white")).post("/api/v1/generations").then().statusCode(202).extract().path("id");
                waitFor(app, "/api/v1/generations/" + gen, "completed");
                generations.add(gen);
            }
            SmallContainer.Rss before = SmallContainer.Rss.of(pid);
            System.out.println("sharp: before the exports: " + before + "; " + memory(pid));
            Files.writeString(Path.of("/proc/" + pid + "/clear_refs"), "5"); // the peak from here on
            long t0 = System.nanoTime();
            List<String> exports = new ArrayList<>();
            for (String gen : generations) {
                exports.add(app.as(KEY).contentType("application/json").body(Map.of("generation_id", gen, "preset", "market1-3x4",
                        "width", 2400)).post("/api/v1/exports").then().statusCode(202).extract().path("id"));
            }
            long[] sampled = {0};
            List<Double> scales = new ArrayList<>();
            for (String id : exports) {
                await("export " + id).atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(50)).until(() -> {
                    sampled[0] = Math.max(sampled[0], SmallContainer.Rss.of(pid).nowMb());
                    var record = app.as(KEY).get("/api/v1/exports/" + id).then().statusCode(200).extract().jsonPath();
                    String status = record.getString("status");
                    if ("failed".equals(status)) {
                        throw new IllegalStateException("export " + id + " failed: " + record.prettify());
                    }
                    if ("ready".equals(status)) {
                        scales.add(record.getDouble("product_scale"));
                    }
                    return "ready".equals(status);
                });
            }
            long ms = (System.nanoTime() - t0) / 1_000_000;
            SmallContainer.Rss after = SmallContainer.Rss.of(pid);
            System.out.printf("sharp: 4 concurrent 2400×3200 exports of %.0f Mpx originals: all ready in %d ms, product_scale %s%n",
                    side * (double) side / 1e6, ms, scales);
            System.out.printf("sharp: RSS before the exports %d MB; peak over the exports %d MB (sampled max %d MB); after %d MB "
                    + "(target ≤ 400, limit %d)%n", before.nowMb(), after.peakMb(), sampled[0], after.nowMb(), SmallContainer.LIMIT_MB);
            System.out.println("sharp: after the exports: " + after + "; " + memory(pid));
            if (app.log().contains("OutOfMemoryError")) {
                throw new IllegalStateException("OutOfMemoryError; see " + app.log());
            }
        }
    }

    /** The heap's committed and used sizes, and with BENCH_APP_JVM's NativeMemoryTracking each area's committed MB. */
    private static String memory(long pid) throws Exception {
        String heap = run("jcmd", Long.toString(pid), "GC.heap_info").lines().map(String::strip)
                .filter(l -> l.contains("total")).reduce((a, b) -> a + " | " + b).orElse("?");
        if (!env("BENCH_APP_JVM", "").contains("NativeMemoryTracking")) {
            return heap;
        }
        return heap + "\n" + run("jcmd", Long.toString(pid), "VM.native_memory", "summary", "scale=MB").lines()
                .filter(l -> l.startsWith("-") || l.contains("Total")).map(String::strip).reduce((a, b) -> a + "\n" + b).orElse("");
    }

    /** Polls {@code path} every 100 ms until its status is {@code done} (2 minutes at most). */
    private static void waitFor(PackagedApp app, String path, String done) {
        await(path + " " + done).atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(100))
                .until(() -> done.equals(app.as(KEY).get(path).then().statusCode(200).extract().path("status")));
    }

    /**
     * One instance against two on one PostgreSQL, each the smallest container (one worker) and each
     * pinned to its own core (BENCH_SCALE_CPUS, "0,1"), PostgreSQL and this client on the instances'
     * cores (BENCH_SCALE_SHARED=no: on any core): after BENCH_SCALE_WARMUP (1) generations per
     * instance, BENCH_GENERATIONS (12) 3-variant generations submitted at once, spread over the
     * instances; variants per minute, POST → done, and the CPU of each process in the burst.
     */
    void scale() throws Exception {
        int n = Integer.parseInt(env("BENCH_GENERATIONS", "12"));
        double single = 0;
        double singleCpu = 0;
        for (int instances = 1; instances <= 2; instances++) {
            List<PackagedApp> apps = new ArrayList<>();
            try {
                startPinned("bench-scale", instances, apps);
                // PostgreSQL and this client share the instances' cores, as much per instance in both runs (a replica's
                // share of the database and of its clients); with them on a core of their own, the one-instance run had a
                // core for its database that the two instances have to give up (BENCH_SCALE_SHARED=no: as before).
                String cores = String.join(",", java.util.Arrays.copyOf(env("BENCH_SCALE_CPUS", "0,1").split(","), instances));
                if (!"no".equals(env("BENCH_SCALE_SHARED", "yes"))) {
                    pinPostgresAndClient(cores);
                }
                base = apps.get(0).baseUri();
                String asset = uploadAsset(BadUploads.photoJpeg(4000, 3000));
                int warmup = Integer.parseInt(env("BENCH_SCALE_WARMUP", "1"));
                for (PackagedApp app : apps) { // warm each instance's path
                    base = app.baseUri();
                    for (int w = 0; w < warmup; w++) {
                        runGeneration(asset);
                    }
                }
                ExecutorService pool = Executors.newFixedThreadPool(n);
                List<Future<Long>> all = new ArrayList<>();
                long[] cpu0 = new long[instances];
                long[] jit0 = new long[instances];
                for (int i = 0; i < instances; i++) {
                    cpu0[i] = cpuMillis(apps.get(i).process().pid());
                    jit0[i] = jitMillis(apps.get(i).process().pid());
                }
                long pg0 = postgresCpuMillis();
                long client0 = cpuMillis(ProcessHandle.current().pid());
                long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    String target = apps.get(i % instances).baseUri();
                    all.add(pool.submit(() -> generationAt(target, asset)));
                }
                List<Long> each = new ArrayList<>();
                for (Future<Long> f : all) {
                    each.add(f.get());
                }
                pool.shutdown();
                long wall = (System.nanoTime() - t0) / 1_000_000;
                // Where the two cores went during the burst: each instance, PostgreSQL (every backend), this client.
                StringBuilder cpu = new StringBuilder();
                long instancesCpu = 0;
                for (int i = 0; i < instances; i++) {
                    long ms = cpuMillis(apps.get(i).process().pid()) - cpu0[i];
                    instancesCpu += ms;
                    cpu.append(String.format("instance %d %.1f s (%.0f %% of its core; JIT %.1f s), ", i, ms / 1000.0, 100.0 * ms / wall,
                            (jitMillis(apps.get(i).process().pid()) - jit0[i]) / 1000.0));
                }
                System.out.printf("scale:   CPU in those %.1f s: %sPostgreSQL %.1f s, this client %.1f s%n", wall / 1000.0, cpu,
                        (postgresCpuMillis() - pg0) / 1000.0, (cpuMillis(ProcessHandle.current().pid()) - client0) / 1000.0);
                double perMinute = n * 3 * 60_000.0 / wall;
                double cpuPerVariant = instancesCpu / (n * 3.0);
                if (instances == 1) {
                    single = perMinute;
                    singleCpu = cpuPerVariant;
                }
                // What the shared VM changes least: the instances' CPU per variant. If each instance had a core to itself all
                // through the burst, the ratio would be instances × (one's CPU per variant / this run's), the tail not counted.
                System.out.printf("scale:   the instances' CPU per variant %.0f ms; with a core each to themselves: %.2fx one (tail not counted)%n",
                        cpuPerVariant, instances * singleCpu / cpuPerVariant);
                System.out.printf("scale: %d instance(s), %d generations of 3 variants at once: all done in %d ms = %.0f variants per minute (%.2fx one)%n",
                        instances, n, wall, perMinute, perMinute / single);
                report("scale:   POST → done of each (ms), " + instances + " instance(s)", each);
            } finally {
                for (PackagedApp app : apps) {
                    app.close();
                }
                pinPostgresAndClient(String.join(",", env("BENCH_SCALE_CPUS", "0,1").split(",")));
            }
        }
    }

    /** Restricts this bench's PostgreSQL (the server, so every later backend too, and each running backend) and this process to {@code cores}. */
    private void pinPostgresAndClient(String cores) throws Exception {
        for (ProcessHandle h : postgresProcesses()) {
            run("taskset", "-a", "-p", "-c", cores, Long.toString(h.pid()));
        }
        run("taskset", "-a", "-p", "-c", cores, Long.toString(ProcessHandle.current().pid()));
    }

    /** CPU so far of a process's JIT compiler threads (ms). */
    private static long jitMillis(long pid) throws IOException {
        return StartupBench.threadCpu(pid).entrySet().stream().filter(e -> e.getKey().contains("compiler")).mapToLong(Map.Entry::getValue).sum();
    }

    /**
     * Starts {@code instances} packaged instances on this PostgreSQL and blob folder, each the smallest
     * container (the image's JVM options, one processor, so one worker) pinned to a core of its own
     * (BENCH_SCALE_CPUS, "0,1"); each goes into {@code apps} as soon as it runs, so the caller closes what started.
     */
    void startPinned(String name, int instances, List<PackagedApp> apps) throws Exception {
        String[] cpus = env("BENCH_SCALE_CPUS", "0,1").split(",");
        List<String> jvm = SmallContainer.jvmOptions(SmallContainer.aotCacheUsable());
        for (int i = 0; i < instances; i++) {
            PackagedApp app = PackagedApp.start(name + "-" + i, jvm, SmallContainer.environment(), packagedSettings(), Duration.ofSeconds(120));
            apps.add(app);
            run("taskset", "-a", "-p", "-c", cpus[i], Long.toString(app.process().pid()));
        }
    }

    /**
     * The bench's settings for a PackagedApp instance: this PostgreSQL (migrated by the instance, as the
     * image would leave to the migration Job), the bench key, no rate limit or quota in the way.
     */
    private Map<String, String> packagedSettings() {
        return Map.of(
                "quarkus.datasource.jdbc.url", postgres.getJdbcUrl("postgres", "postgres"),
                "quarkus.datasource.username", "postgres", "quarkus.datasource.password", "postgres",
                "quarkus.flyway.active", "true", "quarkus.flyway.migrate-at-start", "true",
                "cardgen.bootstrap-key", KEY, "cardgen.signing-key", "bench", "cardgen.rate-limit.per-second", "0",
                "cardgen.quota.monthly-variants", "1000000", "cardgen.storage.fs.root", work.resolve("blobs").toString());
    }

    /** This bench's PostgreSQL server (a daemon, not this process's child, found by its port) and its running backends. */
    private List<ProcessHandle> postgresProcesses() {
        String port = "-p " + postgres.getPort() + " ";
        return ProcessHandle.allProcesses().filter(h -> h.info().commandLine().map(c -> c.contains("/postgres ") && c.contains(port)).orElse(false))
                .flatMap(server -> java.util.stream.Stream.concat(java.util.stream.Stream.of(server), server.descendants())).toList();
    }

    /** CPU so far of this bench's PostgreSQL: the server and every backend still running (ms). */
    long postgresCpuMillis() {
        return postgresProcesses().stream().mapToLong(h -> {
            try {
                return cpuMillis(h.pid());
            } catch (IOException gone) {
                return 0;
            }
        }).sum();
    }

    /** POST → done of one 3-variant generation created at the instance at {@code target} (ms). */
    long generationAt(String target, String asset) throws Exception {
        long t0 = System.nanoTime();
        JsonNode created = createGeneration(target, asset);
        List<Sse.Event> events = Sse.readUntilClosed(created.get("stream_url").asText(), Duration.ofSeconds(300));
        if (!events.get(events.size() - 1).name().equals("done")) {
            throw new IllegalStateException("generation ended with " + events.get(events.size() - 1));
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** BENCH_GENERATIONS (8) 3-variant generations submitted at once; variants per minute from the first POST to the last done. */
    private void throughput(PackagedApp app) throws Exception {
        base = app.baseUri();
        int n = Integer.parseInt(env("BENCH_GENERATIONS", "8"));
        String asset = uploadAsset(BadUploads.photoJpeg(4000, 3000));
        ExecutorService pool = Executors.newFixedThreadPool(n);
        List<Future<Long>> all = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            all.add(pool.submit(() -> runGeneration(asset)[0]));
        }
        List<Long> each = new ArrayList<>();
        for (Future<Long> f : all) {
            each.add(f.get());
        }
        pool.shutdown();
        long wall = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("small: %d generations of 3 variants submitted at once: all done in %d ms = %.0f variants per minute; %s%n",
                n, wall, n * 3 * 60_000.0 / wall, SmallContainer.Rss.of(app.process().pid()));
        report("small:   POST → done of each (ms)", each);
        System.out.println("small: heap " + heap(app.process().pid()));
        if (env("BENCH_APP_JVM", "").contains("NativeMemoryTracking")) {
            System.out.println(run("jcmd", Long.toString(app.process().pid()), "VM.native_memory", "summary", "scale=MB").lines()
                    .filter(l -> l.startsWith("-") || l.contains("Total")).map(String::strip).reduce((a, b) -> a + "\n" + b).orElse(""));
        }
    }

    // ---- the service --------------------------------------------------------------------------

    /** Starts the jar and returns the milliseconds from launch to readiness. */
    long start(List<String> jvmArgs) throws Exception {
        return start(jvmArgs, true);
    }

    /**
     * @param bootstrapKey whether to configure the bench's key; start-up is timed without it, as in
     *                     production, where keys come from the admin API (creating the bootstrap
     *                     account is the first transaction, ~0.6 s of start-up on this machine)
     */
    long start(List<String> jvmArgs, boolean bootstrapKey) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        base = "http://127.0.0.1:" + port;
        List<String> cmd = command(jvmArgs, bootstrapKey, port);
        long t0 = System.nanoTime();
        // From the app's folder, as the Dockerfile runs it: an AppCDS archive only maps when the
        // class path is the one it was dumped with (quarkus-run.jar, relative).
        app = launch(cmd);
        // Three minutes: on a shared 2-core machine at load 15-20 a start without a class-data archive took over a minute.
        long deadline = t0 + Duration.ofSeconds(180).toNanos();
        while (System.nanoTime() < deadline) {
            if (!app.isAlive()) {
                // e.g. the free port found above was taken in between: fail now, not after the deadline
                throw new IllegalStateException("service exited with " + app.exitValue() + " before ready; see " + work.resolve("app.log"));
            }
            try {
                var r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/q/health/ready")).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return (System.nanoTime() - t0) / 1_000_000;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.onSpinWait();
            java.util.concurrent.locks.LockSupport.parkNanos(10_000_000);
        }
        throw new IllegalStateException("service did not become ready; see " + work.resolve("app.log"));
    }

    String base() {
        return base;
    }

    long pid() {
        return app.pid();
    }

    /** The service's command line: this JDK, the given JVM options, the bench's settings. */
    List<String> command(List<String> jvmArgs, boolean bootstrapKey, int port) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        if (aotCache() && jvmArgs.stream().noneMatch(o -> o.startsWith("-XX:AOTCache") || o.startsWith("-XX:SharedArchiveFile"))) {
            cmd.add("-XX:AOTCache=app.aot"); // as the image runs it
        }
        cmd.addAll(jvmArgs);
        String extra = env("BENCH_APP_JVM", "").strip(); // e.g. a JFR recording, to see where the time goes
        if (!extra.isEmpty()) {
            cmd.addAll(Arrays.asList(extra.split("\\s+")));
        }
        cmd.addAll(List.of(
                "-Dquarkus.http.port=" + port, "-Dcardgen.public-base-url=http://127.0.0.1:" + port,
                "-Dquarkus.datasource.jdbc.url=" + postgres.getJdbcUrl("postgres", "postgres"),
                "-Dquarkus.datasource.username=postgres", "-Dquarkus.datasource.password=postgres",
                "-Dcardgen.bootstrap-key=" + (bootstrapKey ? KEY : ""), "-Dcardgen.signing-key=bench",
                // 0 turns the limiter off; BENCH_RATE_LIMIT=1000000 runs its code on every request without refusing any.
                "-Dcardgen.rate-limit.per-second=" + env("BENCH_RATE_LIMIT", "0"),
                "-Dcardgen.quota.monthly-variants=1000000",
                "-Dcardgen.storage.fs.root=" + work.resolve("blobs"),
                "-jar", "quarkus-run.jar"));
        return cmd;
    }

    /**
     * The packaged application's folder: {@code target/quarkus-app}, or BENCH_APP_DIR (a copy of it made
     * with {@code cp -a}, e.g. an earlier build to compare with). Trap with an AOT build: Quarkus' AOT
     * launcher finds its application next to where its classes were when the cache was trained, so a
     * copy runs the original folder's application as long as that folder exists; move
     * {@code target/quarkus-app} away while measuring copies (where it does not exist, as in the image,
     * the copy runs itself).
     */
    static Path appDir() {
        return Path.of(env("BENCH_APP_DIR", "target/quarkus-app"));
    }

    /**
     * Whether the service starts from the build's AOT cache, as the image does: JDK 25 or later, a trained build
     * ({@code app.aot} in {@link #appDir()}), and not BENCH_AOT=no.
     */
    static boolean aotCache() {
        return Runtime.version().feature() >= 25 && Files.isRegularFile(appDir().resolve("app.aot")) && !"no".equals(env("BENCH_AOT", ""));
    }

    /** The folder the next {@link #launch} runs from: {@link #appDir()} unless a bench sets another (startup's {@code dir=}). */
    Path launchDir = appDir();

    /** From the app's folder, as the Dockerfiles run it: an AppCDS archive or AOT cache only maps with that class path. */
    Process launch(List<String> cmd) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(cmd).directory(launchDir.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("app.log").toFile());
        builder.environment().putAll(environment);
        return builder.start();
    }

    void stop() throws InterruptedException {
        app.destroy();
        app.waitFor();
    }

    String uploadAsset(byte[] bytes) throws Exception {
        String boundary = "bench" + System.nanoTime();
        ByteArrayOutputStream body = new ByteArrayOutputStream(bytes.length + 512);
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(bytes);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        var r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/assets"))
                .header("Authorization", "Bearer " + KEY).header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException("upload answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body()).get("id").asText();
    }

    JsonNode createGeneration(String asset) throws Exception {
        return createGeneration(base, asset);
    }

    /** A 3-variant 3:4 generation of {@code asset} created at the instance at {@code at}; its 202 body. */
    JsonNode createGeneration(String at, String asset) throws Exception {
        var r = HTTP.send(HttpRequest.newBuilder(URI.create(at + "/api/v1/generations"))
                .header("Authorization", "Bearer " + KEY).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("asset_id", asset, "variants", 3, "ratio", "3:4"))))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 202) {
            throw new IllegalStateException("create answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }

    /** @return {POST sent → done, POST answered → first event} in ms */
    long[] runGeneration(String asset) throws Exception {
        long t0 = System.nanoTime();
        JsonNode g = createGeneration(asset);
        long answered = System.nanoTime();
        var r = HTTP.send(HttpRequest.newBuilder(URI.create(g.get("stream_url").asText())).build(), HttpResponse.BodyHandlers.ofLines());
        long first = -1;
        for (String line : (Iterable<String>) r.body()::iterator) {
            if (first < 0 && line.startsWith("event: ")) {
                first = System.nanoTime();
            }
            if (line.equals("event: done") || line.equals("event: error")) {
                break;
            }
        }
        long done = System.nanoTime();
        return new long[]{(done - t0) / 1_000_000, (first - answered) / 1_000_000};
    }

    /** From the database's microsecond timestamps: how long each job waited after a worker became free. */
    String idleWorkerCheck(List<String> ids) throws Exception {
        List<long[]> rows = new ArrayList<>();
        try (Connection c = postgres.getPostgresDatabase().getConnection();
             var ps = c.prepareStatement("SELECT created_at, started_at, completed_at FROM generations WHERE id = ANY (?)")) {
            ps.setArray(1, c.createArrayOf("text", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new long[]{micros(rs.getTimestamp(1)), micros(rs.getTimestamp(2)), micros(rs.getTimestamp(3))});
                }
            }
        }
        long worst = 0;
        for (long[] j : rows) {
            long freeAt = j[0];
            for (long[] o : rows) {
                if (o != j && o[2] <= j[1] && o[2] > freeAt) {
                    freeAt = o[2]; // the last worker to free up before j started
                }
            }
            worst = Math.max(worst, j[1] - freeAt);
        }
        return String.format("the longest wait between a worker freeing up (or the job's creation) and the job starting: %.1f ms", worst / 1000.0);
    }

    private static long micros(Timestamp t) {
        return t.getTime() * 1000 + (t.getNanos() / 1000) % 1000;
    }

    static String heap(long pid) throws Exception {
        return run("jcmd", Long.toString(pid), "GC.heap_info").lines().filter(l -> l.contains("total") && l.contains("used"))
                .findFirst().orElse("?").strip();
    }

    static String run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private static String env(String name, String otherwise) {
        String v = System.getenv(name);
        return v == null ? otherwise : v;
    }

    static void report(String what, List<Long> ms) {
        List<Long> sorted = new ArrayList<>(ms);
        Collections.sort(sorted);
        System.out.printf("%s: median %d, p90 %d, min %d, max %d (n=%d)%n", what, sorted.get(sorted.size() / 2),
                sorted.get((int) Math.ceil(sorted.size() * 0.9) - 1), sorted.get(0), sorted.get(sorted.size() - 1), sorted.size());
    }
}
