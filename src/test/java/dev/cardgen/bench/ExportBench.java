package dev.cardgen.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.export.ExportBenchAccess;
import dev.cardgen.export.ExportJob;
import dev.cardgen.generation.GenerationBlobs;
import dev.cardgen.generation.GenerationVariant;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.Design;
import dev.cardgen.render.ImageEncoder;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.awaitility.Awaitility.await;

/**
 * Export benchmark, not a test (its name keeps it out of the default surefire run): POST → ready
 * latency for 1200 px and 2400 px PNG, the render/encode split behind it, and download throughput of
 * a ready 2400 px PNG over loopback. Run with bench/export-bench.sh; writes bench/results-export.md.
 */
@QuarkusTest
public class ExportBench {

    static final int WARMUP = 8;
    static final int RUNS = Integer.getInteger("bench.runs", 15);
    static final int DOWNLOADS = Integer.getInteger("bench.downloads", 200);
    /** The download path is short; the JIT needs more rounds than the render path to settle. */
    static final int DOWNLOAD_WARMUP = 50;

    @Inject
    BlobStore blobs;
    @Inject
    ObjectMapper json;
    @TestHTTPResource("/")
    URL base;

    @Test
    void run() throws Exception {
        var acct = Api.newAccount();
        String asset = Api.uploadProduct(acct.key(), "bottle.jpg");
        String gen = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 1, "ratio", "3:4"))
                .post("/api/v1/generations").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                .until(() -> "completed".equals(Api.as(acct.key()).get("/api/v1/generations/" + gen).then().extract().path("status")));

        StringBuilder md = new StringBuilder();
        md.append("# Export benchmark\n\n")
                .append("Run: ").append(Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS)).append(", `bench/export-bench.sh`, ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, Java ").append(System.getProperty("java.version"))
                .append(", embedded PostgreSQL, filesystem blob store, one JVM (client and server on loopback).\n\n")
                .append("## POST /api/v1/exports → status ready (polled every 10 ms)\n\n")
                .append("| case | runs | median | p90 | min | max | target |\n|---|---|---|---|---|---|---|\n");
        // Warm the JIT on both sizes before timing either: on 2 busy cores the first dozen renders run interpreted.
        for (int i = 0; i < WARMUP; i++) {
            timeToReady(acct.key(), gen, 1200);
            timeToReady(acct.key(), gen, 2400);
        }
        String id2400 = null;
        for (int width : new int[]{1200, 2400}) {
            List<Long> ms = new ArrayList<>();
            for (int i = 0; i < RUNS; i++) {
                String[] id = new String[1];
                ms.add(timeToReady(acct.key(), gen, width, id));
                id2400 = id[0];
            }
            Collections.sort(ms);
            md.append("| market1-3x4 ").append(width).append("×").append(width * 4 / 3).append(" PNG | ").append(RUNS).append(" | **")
                    .append(ms.get(ms.size() / 2)).append(" ms** | ").append(ms.get((int) Math.ceil(ms.size() * 0.9) - 1)).append(" ms | ")
                    .append(ms.get(0)).append(" ms | ").append(ms.get(ms.size() - 1)).append(" ms | ")
                    .append(width == 1200 ? "≤ 400 ms" : "≤ 1200 ms").append(" |\n");
        }

        md.append("\n## Where the time goes (in-process, same design and cut-out, median of ").append(RUNS).append(")\n\n")
                .append("| size | cut-out read + decode | render | PNG encode (sRGB) | PNG bytes | store put (fs, fsync) | JPEG 0.92 encode |\n|---|---|---|---|---|---|---|\n");
        Design design = QuarkusTransaction.requiringNew().call(() -> json.readValue(
                GenerationVariant.<GenerationVariant>findById(new GenerationVariant.Key(gen, 0)).design, Design.class));
        BufferedImage cutout;
        try (InputStream in = blobs.get(GenerationBlobs.product(gen))) {
            cutout = ImageIO.read(in);
        }
        for (int width : new int[]{1200, 2400}) {
            List<Long> render = new ArrayList<>();
            List<Long> png = new ArrayList<>();
            List<Long> jpeg = new ArrayList<>();
            List<Long> read = new ArrayList<>();
            List<Long> put = new ArrayList<>();
            int size = 0;
            for (int i = 0; i < WARMUP + RUNS; i++) {
                long tr = System.nanoTime();
                try (InputStream in = blobs.get(GenerationBlobs.product(gen))) {
                    ImageIO.read(in);
                }
                long t0 = System.nanoTime();
                BufferedImage img = CardRenderer.render(ExportJob.reRatio(design, "3:4"), cutout, width, width * 4 / 3);
                long t1 = System.nanoTime();
                byte[] encoded = ExportBenchAccess.png(img);
                size = encoded.length;
                long t2 = System.nanoTime();
                blobs.put("bench/" + gen + "/file.png", encoded, "image/png");
                long tp = System.nanoTime() - t2;
                ImageEncoder.jpeg(img, 0.92f);
                long t3 = System.nanoTime();
                if (i >= WARMUP) {
                    render.add((t1 - t0) / 1_000_000);
                    png.add((t2 - t1) / 1_000_000);
                    jpeg.add((t3 - t2 - tp) / 1_000_000);
                    read.add((t0 - tr) / 1_000_000);
                    put.add(tp / 1_000_000);
                }
            }
            Collections.sort(render);
            Collections.sort(png);
            Collections.sort(jpeg);
            Collections.sort(read);
            Collections.sort(put);
            md.append("| ").append(width).append("×").append(width * 4 / 3).append(" | ").append(read.get(RUNS / 2)).append(" ms | ")
                    .append(render.get(RUNS / 2)).append(" ms | ").append(png.get(RUNS / 2)).append(" ms | ").append(size).append(" | ")
                    .append(put.get(RUNS / 2)).append(" ms | ").append(jpeg.get(RUNS / 2)).append(" ms |\n");
        }

        String fileUrl = base.toString().replaceAll("/$", "") + "/api/v1/exports/" + id2400 + "/file";
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest req = HttpRequest.newBuilder(URI.create(fileUrl)).header("Authorization", "Bearer " + acct.key()).GET().build();
        long fileBytes = 0;
        for (int i = 0; i < DOWNLOAD_WARMUP; i++) {
            fileBytes = drain(http.send(req, HttpResponse.BodyHandlers.ofInputStream()));
        }
        long total = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < DOWNLOADS; i++) {
            total += drain(http.send(req, HttpResponse.BodyHandlers.ofInputStream()));
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        double mbps = total / 1e6 / seconds;
        md.append("\n## Download of a ready 2400×3200 PNG over loopback\n\n")
                .append("| file | downloads | total | time | throughput | target |\n|---|---|---|---|---|---|\n")
                .append("| ").append(fileBytes).append(" B | ").append(DOWNLOADS).append(" sequential, Bearer key, after ").append(DOWNLOAD_WARMUP).append(" warm-up | ")
                .append(String.format("%.1f MB", total / 1e6)).append(" | ").append(String.format("%.2f s", seconds)).append(" | **")
                .append(String.format("%.0f MB/s", mbps)).append("** | ≥ 200 MB/s |\n");

        int clients = 4;
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(clients);
        java.util.concurrent.atomic.AtomicLong parallelTotal = new java.util.concurrent.atomic.AtomicLong();
        List<java.util.concurrent.Callable<Void>> tasks = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            tasks.add(() -> {
                for (int i = 0; i < DOWNLOADS / clients; i++) {
                    parallelTotal.addAndGet(drain(http.send(req, HttpResponse.BodyHandlers.ofInputStream())));
                }
                return null;
            });
        }
        long tc = System.nanoTime();
        for (var fut : pool.invokeAll(tasks)) {
            fut.get();
        }
        double parallelSeconds = (System.nanoTime() - tc) / 1e9;
        pool.shutdown();
        md.append("| ").append(fileBytes).append(" B | ").append(DOWNLOADS).append(" over ").append(clients).append(" concurrent connections | ")
                .append(String.format("%.1f MB", parallelTotal.get() / 1e6)).append(" | ").append(String.format("%.2f s", parallelSeconds)).append(" | **")
                .append(String.format("%.0f MB/s", parallelTotal.get() / 1e6 / parallelSeconds)).append("** | |\n");

        HttpRequest tiny = HttpRequest.newBuilder(URI.create(fileUrl)).header("Authorization", "Bearer " + acct.key())
                .header("Range", "bytes=0-0").GET().build();
        for (int i = 0; i < DOWNLOAD_WARMUP; i++) {
            http.send(tiny, HttpResponse.BodyHandlers.discarding());
        }
        long t1 = System.nanoTime();
        for (int i = 0; i < DOWNLOADS; i++) {
            http.send(tiny, HttpResponse.BodyHandlers.discarding());
        }
        double perRequest = (System.nanoTime() - t1) / 1e6 / DOWNLOADS;
        md.append("| 1 B (`Range: bytes=0-0`): per-request cost | ").append(DOWNLOADS).append(" sequential | | | ")
                .append(String.format("%.1f ms per request", perRequest)).append(" | |\n");

        HttpRequest record = HttpRequest.newBuilder(URI.create(fileUrl.replace("/file", ""))).header("Authorization", "Bearer " + acct.key()).GET().build();
        for (int i = 0; i < DOWNLOAD_WARMUP; i++) {
            http.send(record, HttpResponse.BodyHandlers.discarding());
        }
        long t2 = System.nanoTime();
        for (int i = 0; i < DOWNLOADS; i++) {
            http.send(record, HttpResponse.BodyHandlers.discarding());
        }
        md.append("| for comparison: `GET /api/v1/exports/{id}` (JSON) | ").append(DOWNLOADS).append(" sequential | | | ")
                .append(String.format("%.1f ms per request", (System.nanoTime() - t2) / 1e6 / DOWNLOADS)).append(" | |\n");

        Path out = Path.of(System.getProperty("bench.out", "bench/results-export.md"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, md.toString());
        System.out.println(md);
    }

    private static long timeToReady(String key, String gen, int width, String... idOut) {
        long t0 = System.nanoTime();
        String id = Api.as(key).contentType(ContentType.JSON)
                .body(Map.of("generation_id", gen, "preset", "market1-3x4", "format", "png", "width", width))
                .post("/api/v1/exports").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(10)).pollDelay(Duration.ZERO)
                .until(() -> "ready".equals(Api.as(key).get("/api/v1/exports/" + id).then().extract().path("status")));
        if (idOut.length > 0) {
            idOut[0] = id;
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static long drain(HttpResponse<InputStream> r) throws java.io.IOException {
        if (r.statusCode() != 200) {
            throw new IllegalStateException("download answered " + r.statusCode());
        }
        long n = 0;
        byte[] buf = new byte[256 * 1024];
        try (InputStream in = r.body()) {
            for (int k; (k = in.read(buf)) > 0; ) {
                n += k;
            }
        }
        return n;
    }
}
