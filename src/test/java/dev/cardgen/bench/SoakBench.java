package dev.cardgen.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.testing.BadUploads;
import dev.cardgen.testing.SmallContainer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static dev.cardgen.bench.ServiceBench.HTTP;
import static dev.cardgen.bench.ServiceBench.JSON;
import static dev.cardgen.bench.ServiceBench.KEY;

/**
 * Mixed load on the packaged service for SOAK_SECONDS (600): uploads (some of them too small, an
 * intended 422), generations followed by 50 open stream connections, polling GETs, exports and
 * their downloads. Prints per endpoint the statuses and p50/p99, every unexpected answer, and the
 * service's heap, RSS (against the container limit, SOAK_LIMIT_MB), open files and database connections
 * at the start and the end. SOAK_CONTAINER=small runs the service as SmallContainer does (the smallest
 * container's JVM options and environment); otherwise with SOAK_APP_JVM (-Xmx384m). Loopback only.
 *
 * <p>The end figures are taken once the load's own connections are gone: the client closes a
 * connection idle for {@value #CLIENT_KEEP_ALIVE_SECONDS} s, and the service runs with its pool's idle
 * removal at {@value #POOL_IDLE_REMOVAL} (the default is 5 minutes), so the pool can shrink back to its
 * configured minimum (0) before the database connections are counted.
 */
public final class SoakBench {

    static final int CLIENT_KEEP_ALIVE_SECONDS = 5;
    /** The container limit RSS is reported against (SOAK_LIMIT_MB; the smallest documented size by default). */
    private static final long LIMIT_MB = Long.parseLong(System.getenv().getOrDefault("SOAK_LIMIT_MB", Integer.toString(SmallContainer.LIMIT_MB)));
    static final String POOL_IDLE_REMOVAL = "20S";
    /** The service's pool: quarkus.datasource.jdbc.min-size (not set, Agroal's 0) and max-size in application.properties. */
    private static final int POOL_MIN = 0;
    private static final int POOL_MAX = 32;
    /** The connections held for the life of the process: the LISTEN of the job queue and of the event log. */
    private static final String LISTEN_APP_PREFIX = "cardgen-listen-";

    private final ServiceBench service;
    private final EmbeddedPostgres postgres;
    private final long until;
    private final Map<String, List<Long>> latencies = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> statuses = new ConcurrentHashMap<>();
    private final List<String> unexpected = new CopyOnWriteArrayList<>();
    private final List<String> assets = new CopyOnWriteArrayList<>();
    /** Counts attempts, not assets: a refused upload adds no asset, and every tenth attempt must be the small one. */
    private final AtomicInteger uploadAttempts = new AtomicInteger();
    private final List<String> generations = new CopyOnWriteArrayList<>();
    private final List<String> completed = new CopyOnWriteArrayList<>();

    SoakBench(ServiceBench service, EmbeddedPostgres postgres, Duration length) {
        this.service = service;
        this.postgres = postgres;
        this.until = System.nanoTime() + length.toNanos();
    }

    public static void main(String[] args) throws Exception {
        // Before the first HttpClient exists: the JDK reads it once, and 1200 s would keep the load's connections open at the end.
        System.setProperty("jdk.httpclient.keepalive.timeout", Integer.toString(CLIENT_KEEP_ALIVE_SECONDS));
        Duration length = Duration.ofSeconds(Long.parseLong(System.getenv().getOrDefault("SOAK_SECONDS", "600")));
        Path work = Files.createTempDirectory("cardgen-soak");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().start()) {
            ServiceBench service = new ServiceBench(pg, work);
            boolean small = "small".equals(System.getenv("SOAK_CONTAINER"));
            String heapOption = small ? String.join(" ", SmallContainer.jvmOptions(SmallContainer.aotCacheUsable()))
                    : System.getenv().getOrDefault("SOAK_APP_JVM", "-Xmx384m");
            List<String> jvm = new ArrayList<>(List.of(heapOption.split("\\s+")));
            if (small) {
                service.environment.putAll(SmallContainer.environment());
                jvm.add("-Dquarkus.flyway.active=true"); // the image leaves the migration to a Job; this database is empty
            }
            jvm.add("-Dquarkus.datasource.jdbc.idle-removal-interval=" + POOL_IDLE_REMOVAL);
            service.start(jvm);
            try {
                new SoakBench(service, pg, length).run(length, heapOption);
            } finally {
                service.stop();
            }
        }
    }

    void run(Duration length, String heapOption) throws Exception {
        System.out.printf("soak: %d s of mixed load, service %s, machine load %s%n", length.toSeconds(), heapOption, loadAverage());
        for (int i = 0; i < 3; i++) {
            assets.add(service.uploadAsset(BadUploads.photoJpeg(2000, 1500)));
        }
        String start = resources();
        System.out.println("soak: at start  " + start);
        ExecutorService pool = Executors.newFixedThreadPool(60);
        pool.submit(() -> loop(3000, this::upload));
        pool.submit(() -> loop(2000, this::generate));
        for (int i = 0; i < 50; i++) {
            pool.submit(() -> loop(0, this::follow));
        }
        for (int i = 0; i < 4; i++) {
            pool.submit(() -> loop(50, this::poll));
        }
        pool.submit(() -> loop(3000, this::export));
        pool.shutdown();
        if (!pool.awaitTermination(length.toSeconds() + 120, TimeUnit.SECONDS)) {
            pool.shutdownNow();
            unexpected.add("load threads did not stop in time");
        }
        System.out.println("soak: at end    " + resources());
        long settled = awaitIdle();
        System.out.printf("soak: idle      %s (%d s after the load stopped)%n", resources(), settled);
        // What the heap holds after the run (SOAK_HISTOGRAM=n: the n largest classes), to tell bounded caches from a leak.
        int top = Integer.parseInt(System.getenv().getOrDefault("SOAK_HISTOGRAM", "0"));
        if (top > 0) {
            ServiceBench.run("jcmd", Long.toString(service.pid()), "GC.class_histogram").lines().limit(top + 3)
                    .forEach(l -> System.out.println("soak: histogram " + l));
        }
        report();
    }

    private interface Step {
        void run() throws Exception;
    }

    private void loop(long pauseMillis, Step step) {
        while (System.nanoTime() < until) {
            try {
                step.run();
            } catch (Exception e) {
                unexpected.add(e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            if (pauseMillis > 0) {
                LockSupport.parkNanos(pauseMillis * 1_000_000);
            }
        }
    }

    private void upload() throws Exception {
        boolean tooSmall = uploadAttempts.getAndIncrement() % 10 == 9;
        long t0 = System.nanoTime();
        try {
            assets.add(service.uploadAsset(tooSmall ? BadUploads.photoJpeg(400, 300) : BadUploads.photoJpeg(2000, 1500)));
            record("POST /assets", 201, t0);
        } catch (IllegalStateException e) {
            int status = e.getMessage().contains("answered 422") ? 422 : 0;
            record("POST /assets", status, t0);
            if (!tooSmall || status != 422) {
                unexpected.add("upload: " + e.getMessage());
            }
        }
    }

    private void generate() throws Exception {
        long t0 = System.nanoTime();
        JsonNode g = service.createGeneration(assets.get(new Random().nextInt(assets.size())));
        record("POST /generations", 202, t0);
        generations.add(g.get("stream_url").asText() + " " + g.get("id").asText());
    }

    /** One of 50 followers: reads the newest generation's stream to its end, then the next. */
    private void follow() throws Exception {
        if (generations.isEmpty()) {
            LockSupport.parkNanos(100_000_000);
            return;
        }
        String[] g = generations.get(generations.size() - 1).split(" ");
        long t0 = System.nanoTime();
        var r = HTTP.send(HttpRequest.newBuilder(URI.create(g[0])).timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofLines());
        boolean done = false;
        for (String line : (Iterable<String>) r.body()::iterator) {
            if (line.equals("event: done")) {
                done = true;
            } else if (line.equals("event: error")) {
                unexpected.add("stream of " + g[1] + " ended with an error event");
            }
        }
        record("GET stream (to done)", r.statusCode(), t0);
        if (r.statusCode() != 200 || !done) {
            unexpected.add("stream of " + g[1] + ": " + r.statusCode() + (done ? "" : " without done"));
        } else if (!completed.contains(g[1])) {
            completed.add(g[1]);
        }
    }

    private void poll() throws Exception {
        if (!generations.isEmpty()) {
            String id = generations.get(new Random().nextInt(generations.size())).split(" ")[1];
            get("GET /generations/{id}", "/api/v1/generations/" + id, 200);
        }
        get("GET /assets", "/api/v1/assets?limit=10", 200);
    }

    private void export() throws Exception {
        if (completed.isEmpty()) {
            return;
        }
        String gen = completed.get(new Random().nextInt(completed.size()));
        long t0 = System.nanoTime();
        var r = send(HttpRequest.newBuilder(URI.create(service.base() + "/api/v1/exports")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("generation_id", gen, "variant", 0, "preset", "market1-3x4")))));
        record("POST /exports", r.statusCode(), t0);
        if (r.statusCode() != 202) {
            unexpected.add("export: " + r.statusCode() + " " + r.body());
            return;
        }
        String id = JSON.readTree(r.body()).get("id").asText();
        String url = null;
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (url == null && System.nanoTime() < deadline) {
            JsonNode e = JSON.readTree(get("GET /exports/{id}", "/api/v1/exports/" + id, 200));
            if (e.path("status").asText().equals("ready")) {
                url = e.get("download_url").asText();
            } else {
                LockSupport.parkNanos(50_000_000);
            }
        }
        if (url == null) {
            unexpected.add("export " + id + " not ready in 60 s");
            return;
        }
        long t1 = System.nanoTime();
        var file = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream in = file.body()) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        record("GET export file", file.statusCode(), t1);
    }

    private String get(String label, String path, int expected) throws Exception {
        long t0 = System.nanoTime();
        var r = send(HttpRequest.newBuilder(URI.create(service.base() + path)).GET());
        record(label, r.statusCode(), t0);
        if (r.statusCode() != expected) {
            unexpected.add(label + ": " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return HTTP.send(request.header("Authorization", "Bearer " + KEY).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private void record(String label, int status, long t0) {
        latencies.computeIfAbsent(label, k -> Collections.synchronizedList(new ArrayList<>())).add((System.nanoTime() - t0) / 1_000_000);
        statuses.computeIfAbsent(label + " " + status, k -> new AtomicLong()).incrementAndGet();
    }

    private String resources() throws Exception {
        long pid = service.pid();
        ServiceBench.run("jcmd", Long.toString(pid), "GC.run");
        SmallContainer.Rss now = SmallContainer.Rss.of(pid);
        String rss = String.format("RSS %d MB (peak %d MB) of a %d MB container limit: %d %%", now.nowMb(), now.peakMb(), LIMIT_MB,
                100 * now.nowMb() / LIMIT_MB);
        long fds;
        try (var list = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            fds = list.count();
        }
        long[] db = dbConnections();
        return String.format("heap after GC: %s | %s | open files %d | DB connections: pool %d (min %d, max %d, %d idle), LISTEN %d",
                ServiceBench.heap(pid), rss, fds, db[0], POOL_MIN, POOL_MAX, db[1], db[2]);
    }

    /** {pool connections, of which idle, LISTEN connections} of the service, as PostgreSQL sees them. */
    private long[] dbConnections() throws Exception {
        try (Connection c = postgres.getPostgresDatabase().getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT "
                     + "count(*) FILTER (WHERE application_name NOT LIKE '" + LISTEN_APP_PREFIX + "%'), "
                     + "count(*) FILTER (WHERE application_name NOT LIKE '" + LISTEN_APP_PREFIX + "%' AND state = 'idle'), "
                     + "count(*) FILTER (WHERE application_name LIKE '" + LISTEN_APP_PREFIX + "%') "
                     + "FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)};
        }
    }

    /**
     * Waits (at most 3 idle-removal intervals plus the client's keep-alive) until the pool is back at its
     * minimum; @return seconds since the load stopped. What is left after that is reported, not hidden.
     */
    private long awaitIdle() throws Exception {
        long t0 = System.nanoTime();
        long limit = 3 * Duration.parse("PT" + POOL_IDLE_REMOVAL).toNanos() + Duration.ofSeconds(CLIENT_KEEP_ALIVE_SECONDS + 5).toNanos();
        while (System.nanoTime() - t0 < limit && dbConnections()[0] > POOL_MIN) {
            LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
        }
        // The client's idle connections close on their own timer, which may not have run yet.
        long keepAlive = Duration.ofSeconds(CLIENT_KEEP_ALIVE_SECONDS + 2).toNanos() - (System.nanoTime() - t0);
        if (keepAlive > 0) {
            LockSupport.parkNanos(keepAlive);
        }
        return (System.nanoTime() - t0) / 1_000_000_000;
    }

    private void report() {
        System.out.println("soak: answers per endpoint (status count), latency ms p50 / p99 / max");
        Map<String, List<Long>> sorted = new TreeMap<>(latencies);
        sorted.forEach((label, ms) -> {
            List<Long> l = new ArrayList<>(ms);
            Collections.sort(l);
            StringBuilder s = new StringBuilder();
            new TreeMap<>(statuses).forEach((k, v) -> {
                if (k.startsWith(label + " ")) {
                    s.append(k.substring(label.length() + 1)).append('×').append(v.get()).append(' ');
                }
            });
            System.out.printf("  %-22s %-22s p50 %5d  p99 %5d  max %5d  (n=%d)%n", label, s.toString().strip(),
                    l.get(l.size() / 2), l.get((int) Math.ceil(l.size() * 0.99) - 1), l.get(l.size() - 1), l.size());
        });
        System.out.printf("soak: generations %d created, %d followed to done; unexpected answers or failures: %d%n",
                generations.size(), completed.size(), unexpected.size());
        unexpected.stream().distinct().limit(20).forEach(u -> System.out.println("  unexpected: " + u));
    }

    private static String loadAverage() throws IOException {
        return Files.readString(Path.of("/proc/loadavg")).strip();
    }
}
