package dev.cardgen.bench;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.testing.BadUploads;
import dev.cardgen.testing.PackagedApp;
import dev.cardgen.testing.Sse;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.cardgen.bench.ServiceBench.HTTP;
import static dev.cardgen.bench.ServiceBench.JSON;
import static dev.cardgen.bench.ServiceBench.KEY;

/**
 * Issue 31's batch targets on one packaged instance (bench/batch-bench.sh): POST /batches with 1,000
 * items (answer time; each then canceled), a 200-item × 3-variant batch (variants per minute, every item
 * completed once), and meanwhile another account's single 3-variant generations one after another
 * (POST → done). Mode {@code batch-scale}: the same batch on one instance, then on two sharing one
 * PostgreSQL and one blob folder ({@link #scale()}).
 */
final class BatchBench {

    private static final String ADMIN = "bench-admin";

    private final ServiceBench bench;

    BatchBench(ServiceBench bench) {
        this.bench = bench;
    }

    void run() throws Exception {
        bench.environment.put("CARDGEN_ADMIN_TOKEN", ADMIN);
        bench.start(List.of());
        String asset = bench.uploadAsset(BadUploads.photoJpeg(4000, 3000));
        String otherKey = otherAccount();
        String otherAsset = upload(bench.base(), otherKey, BadUploads.photoJpeg(1600, 1200));
        for (int i = 0; i < 3; i++) {
            bench.runGeneration(asset); // warm the path
        }

        List<Long> answer = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            JsonNode b = postBatch(asset, 1000, 1);
            answer.add((System.nanoTime() - t0) / 1_000_000);
            call("POST", "/api/v1/batches/" + b.get("id").asText() + "/cancel", KEY, null, 200);
        }
        ServiceBench.report("batch: POST /api/v1/batches with 1,000 items → 202 (ms)", answer);

        int items = Integer.parseInt(System.getenv().getOrDefault("BENCH_BATCH_ITEMS", "200"));
        long t0 = System.nanoTime();
        JsonNode batch = postBatch(asset, items, 3);
        AtomicBoolean running = new AtomicBoolean(true);
        List<Long> single = new ArrayList<>();
        Thread other = new Thread(() -> {
            try {
                while (running.get()) {
                    long s0 = System.nanoTime();
                    JsonNode g = call("POST", "/api/v1/generations", otherKey, Map.of("asset_id", otherAsset, "variants", 3, "ratio", "3:4"), 202);
                    List<Sse.Event> ev = Sse.readUntilClosed(g.get("stream_url").asText(), Duration.ofSeconds(300));
                    if (running.get() && ev.get(ev.size() - 1).name().equals("done")) {
                        single.add((System.nanoTime() - s0) / 1_000_000);
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        other.start();
        List<Sse.Event> events = Sse.readUntilClosed(batch.get("stream_url").asText(), Duration.ofSeconds(1800));
        long wall = (System.nanoTime() - t0) / 1_000_000;
        running.set(false);
        other.join();
        JsonNode done = call("GET", "/api/v1/batches/" + batch.get("id").asText(), KEY, null, 200);
        long itemEvents = events.stream().filter(e -> e.name().equals("item")).count();
        System.out.printf("batch: %d items x 3 variants: done in %d ms = %.0f variants per minute; status %s, counts %s, %d item events%n",
                items, wall, items * 3 * 60_000.0 / wall, done.get("status").asText(), done.get("counts"), itemEvents);
        ServiceBench.report("batch: meanwhile, another account's single 3-variant generation POST → done (ms)", single);
        bench.stop();
    }

    /**
     * The BENCH_BATCH_ITEMS (200) × 3-variant batch on one instance, then on two on the same PostgreSQL
     * and blob folder, as ServiceBench's scale mode runs them: each instance the smallest container (the
     * image's JVM options, one processor, so one worker) pinned to a core of its own (BENCH_SCALE_CPUS,
     * "0,1"). The batch is posted to the first instance; every instance claims its items from the shared
     * queue. Variants per minute from the POST to the stream's {@code done}, and two against one. Fails
     * unless every item completed and was announced once.
     */
    void scale() throws Exception {
        int items = Integer.parseInt(System.getenv().getOrDefault("BENCH_BATCH_ITEMS", "200"));
        double single = 0;
        for (int instances = 1; instances <= 2; instances++) {
            List<PackagedApp> apps = new ArrayList<>();
            try {
                bench.startPinned("bench-batch", instances, apps);
                String first = apps.get(0).baseUri();
                String asset = upload(first, KEY, BadUploads.photoJpeg(4000, 3000));
                for (PackagedApp app : apps) { // warm each instance's path
                    for (int i = 0; i < 2; i++) {
                        bench.generationAt(app.baseUri(), asset);
                    }
                }
                List<Long> cpu0 = new ArrayList<>();
                for (PackagedApp app : apps) {
                    cpu0.add(ServiceBench.cpuMillis(app.process().pid()));
                }
                long t0 = System.nanoTime();
                JsonNode batch = postBatch(first, asset, items, 3);
                List<Sse.Event> events = Sse.readUntilClosed(batch.get("stream_url").asText(), Duration.ofSeconds(1800));
                long wall = (System.nanoTime() - t0) / 1_000_000;
                List<String> cpu = new ArrayList<>();
                for (int i = 0; i < apps.size(); i++) {
                    cpu.add(String.format("%.1f", (ServiceBench.cpuMillis(apps.get(i).process().pid()) - cpu0.get(i)) / 1000.0));
                }
                JsonNode done = call(first, "GET", "/api/v1/batches/" + batch.get("id").asText(), KEY, null, 200);
                List<String> announced = events.stream().filter(e -> e.name().equals("item")).map(e -> (String) e.data().get("item_id")).toList();
                if (!done.get("status").asText().equals("completed") || done.get("counts").get("completed").asInt() != items
                        || announced.size() != items || new HashSet<>(announced).size() != items) {
                    throw new IllegalStateException("not every item completed once: " + done + ", " + announced.size() + " item events, "
                            + new HashSet<>(announced).size() + " distinct");
                }
                double perMinute = items * 3 * 60_000.0 / wall;
                if (instances == 1) {
                    single = perMinute;
                }
                System.out.printf("batch-scale: %d instance(s), %d items x 3 variants: done in %d ms = %.0f variants per minute (%.2fx one); "
                                + "%d of %d completed, %d item events; CPU-s of each instance during the batch %s%n",
                        instances, items, wall, perMinute, perMinute / single, done.get("counts").get("completed").asInt(), items,
                        announced.size(), cpu);
            } finally {
                for (PackagedApp app : apps) {
                    app.close();
                }
            }
        }
    }

    private JsonNode postBatch(String asset, int items, int variants) throws Exception {
        return postBatch(bench.base(), asset, items, variants);
    }

    private static JsonNode postBatch(String base, String asset, int items, int variants) throws Exception {
        List<Map<String, Object>> rows = new ArrayList<>(items);
        for (int i = 0; i < items; i++) {
            rows.add(Map.of("asset_id", asset, "reference", "SKU-" + i, "text", Map.of("title", "Product " + i)));
        }
        return call(base, "POST", "/api/v1/batches", KEY, Map.of("defaults", Map.of("variants", variants, "ratio", "3:4"), "items", rows), 202);
    }

    private String otherAccount() throws Exception {
        JsonNode account = call("POST", "/admin/v1/accounts", ADMIN, Map.of("name", "bench-other"), 201);
        return call("POST", "/admin/v1/accounts/" + account.get("id").asText() + "/keys", ADMIN, null, 201).get("secret").asText();
    }

    private static String upload(String base, String key, byte[] photo) throws Exception {
        String boundary = "bench" + System.nanoTime();
        var body = new java.io.ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"photo.jpg\"\r\n"
                + "Content-Type: image/jpeg\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        body.writeBytes(photo);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        var r = HTTP.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/assets")).header("Authorization", "Bearer " + key)
                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) {
            throw new IllegalStateException("upload answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body()).get("id").asText();
    }

    private JsonNode call(String method, String path, String key, Object body, int expected) throws Exception {
        return call(bench.base(), method, path, key, body, expected);
    }

    private static JsonNode call(String base, String method, String path, String key, Object body, int expected) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", "Bearer " + key)
                .timeout(Duration.ofSeconds(120));
        if (body == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        }
        var r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != expected) {
            throw new IllegalStateException(method + " " + path + " answered " + r.statusCode() + ": " + r.body());
        }
        return JSON.readTree(r.body());
    }
}
