package dev.cardgen.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.asset.Asset;
import dev.cardgen.render.Box;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.FinePrint;
import dev.cardgen.testing.ProductPlacement;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.imageio.ImageIO;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * Benchmark, not a test (its name keeps it out of the default surefire run): a 4000×4000 (16 Mpx)
 * photo with fine print, template white, exported at market1-3x4 2400×3200 twice over, once from an
 * asset that keeps its original (the product drawn from the original) and once from an identical
 * asset deleted after its generation (the product drawn from the working copy, as before). Prints
 * POST → ready of both, alternated (from the original, each export of the other of two identical assets than the
 * one before, so none reuses the instance's last cut; then the same export again, which does), and the label's PSNR against a direct Lanczos resize of the
 * original (the first generation's export against the same generation's once its asset is deleted
 * too, so both have the same layout); writes a side-by-side crop (reference | from the original | from the working copy) to
 * bench.crop (target/sharp-crop.png). Run with bench/export-bench.sh sharp.
 */
@QuarkusTest
public class SharpBench {

    static final int SIZE = Integer.getInteger("bench.side", 4000);
    static final int RUNS = Integer.getInteger("bench.runs", 7);
    static final int WARMUP = 3;

    @Inject
    BlobStore blobs;
    @Inject
    ObjectMapper json;

    @Test
    @Timeout(value = 30, unit = TimeUnit.MINUTES) // a benchmark, not a hang: minutes on a loaded machine
    void run() throws Exception {
        var acct = Api.newAccount();
        byte[] jpeg = FinePrint.jpeg(FinePrint.photo(SIZE), 0.92f);
        String kept = Api.uploadJpeg(acct.key(), jpeg, "label.jpg");
        String kept2 = Api.uploadJpeg(acct.key(), jpeg, "label.jpg");
        String gone = Api.uploadJpeg(acct.key(), jpeg, "label.jpg");
        String sharpGen = generation(acct.key(), kept);
        String sharpGen2 = generation(acct.key(), kept2);
        String softGen = generation(acct.key(), gone);
        Asset asset = QuarkusTransaction.requiringNew().call(() -> Asset.<Asset>findById(kept));
        Api.as(acct.key()).delete("/api/v1/assets/" + gone).then().statusCode(200);

        for (int i = 0; i < WARMUP; i++) {
            export(acct.key(), i % 2 == 0 ? sharpGen : sharpGen2, null);
            export(acct.key(), softGen, null);
        }
        List<Long> sharpMs = new ArrayList<>();
        List<Long> againMs = new ArrayList<>();
        List<Long> softMs = new ArrayList<>();
        String[] sharpId = new String[1];
        String[] softId = new String[1];
        for (int i = 0; i < RUNS; i++) {
            String gen = i % 2 == 0 ? sharpGen : sharpGen2; // not the product the last cut was of
            sharpMs.add(export(acct.key(), gen, sharpId));
            softMs.add(export(acct.key(), softGen, softId));
            againMs.add(export(acct.key(), gen, null)); // the same export again: the kept cut
        }
        export(acct.key(), sharpGen, sharpId); // the file compared below: the first generation's
        Collections.sort(sharpMs);
        Collections.sort(againMs);
        Collections.sort(softMs);
        double scale = Api.as(acct.key()).get("/api/v1/exports/" + sharpId[0]).then().extract().jsonPath().getDouble("product_scale");
        // The same generation (so the same layout) once its asset is gone: drawn from the working copy.
        Api.as(acct.key()).delete("/api/v1/assets/" + kept).then().statusCode(200);
        export(acct.key(), sharpGen, softId);
        double softScale = Api.as(acct.key()).get("/api/v1/exports/" + softId[0]).then().extract().jsonPath().getDouble("product_scale");

        ProductPlacement placed = ProductPlacement.of(blobs, json, sharpGen, 2400, 3200);
        Box pr = placed.box();
        double k = (double) SIZE / 1600;
        Rectangle2D region = new Rectangle2D.Double(asset.subjectX * k, asset.subjectY * k, asset.subjectW * k, asset.subjectH * k);
        double fy = pr.h() / region.getHeight(), fx = pr.w() / region.getWidth(), s = SIZE / 1000.0;
        int r0 = (int) Math.ceil((420 * s - region.getMinY()) * fy), r1 = (int) Math.floor((640 * s - region.getMinY()) * fy);
        int c0 = (int) Math.ceil((345 * s - region.getMinX()) * fx), c1 = (int) Math.floor((655 * s - region.getMinX()) * fx);
        int[] reference = FinePrint.lanczos(ImageIO.read(new ByteArrayInputStream(jpeg)), region, pr.w(), pr.h(), r0, r1);
        BufferedImage sharp = file(acct.key(), sharpId[0]);
        BufferedImage soft = file(acct.key(), softId[0]);
        boolean[] inside = new boolean[pr.w() * pr.h()];
        for (int y = r0; y < r1; y++) {
            for (int x = c0; x < c1; x++) {
                inside[y * pr.w() + x] = true;
            }
        }
        double sharpPsnr = FinePrint.psnr(reference, crop(sharp, pr), inside);
        double softPsnr = FinePrint.psnr(reference, crop(soft, pr), inside);

        int cw = Math.min(520, c1 - c0), ch = Math.min(360, r1 - r0);
        BufferedImage side = new BufferedImage(3 * cw + 20, ch, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = side.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, side.getWidth(), ch);
        g.dispose();
        for (int y = 0; y < ch; y++) {
            for (int x = 0; x < cw; x++) {
                side.setRGB(x, y, reference[(r0 + y) * pr.w() + c0 + x]);
                side.setRGB(cw + 10 + x, y, sharp.getRGB(pr.x() + c0 + x, pr.y() + r0 + y));
                side.setRGB(2 * cw + 20 + x, y, soft.getRGB(pr.x() + c0 + x, pr.y() + r0 + y));
            }
        }
        Path out = Path.of(System.getProperty("bench.crop", "target/sharp-crop.png"));
        Files.createDirectories(out.toAbsolutePath().getParent());
        ImageIO.write(side, "png", out.toFile());

        System.out.printf("sharp: %d×%d photo (%.0f Mpx), white, market1-3x4 2400×3200 PNG; product box %d×%d%n", SIZE, SIZE,
                SIZE * (double) SIZE / 1e6, pr.w(), pr.h());
        System.out.printf("sharp: POST → ready, median of %d alternated (min–max): from the original %d ms (%d–%d), "
                        + "from the working copy %d ms (%d–%d): %.2f×%n", RUNS, sharpMs.get(RUNS / 2), sharpMs.get(0), sharpMs.get(RUNS - 1),
                softMs.get(RUNS / 2), softMs.get(0), softMs.get(RUNS - 1), sharpMs.get(RUNS / 2) / (double) softMs.get(RUNS / 2));
        System.out.printf("sharp: the same export again right after (the instance's kept cut): median %d ms (%d–%d): %.2f× the working copy's%n",
                againMs.get(RUNS / 2), againMs.get(0), againMs.get(RUNS - 1), againMs.get(RUNS / 2) / (double) softMs.get(RUNS / 2));
        System.out.printf("sharp: product_scale %.3f from the original, %.3f from the working copy%n", scale, softScale);
        System.out.printf("sharp: label PSNR against a direct Lanczos-3 resize of the original's region: from the original %.1f dB, "
                + "from the working copy %.1f dB (target ≥ 38); crop %s (reference | from the original | from the working copy)%n",
                sharpPsnr, softPsnr, out);
    }

    private static int[] crop(BufferedImage card, Box pr) {
        return card.getRGB(pr.x(), pr.y(), pr.w(), pr.h(), null, 0, pr.w());
    }

    private static String generation(String key, String asset) {
        String id = Api.as(key).contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 1, "ratio", "3:4", "template", "white"))
                .post("/api/v1/generations").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(50))
                .until(() -> "completed".equals(Api.as(key).get("/api/v1/generations/" + id).then().extract().path("status")));
        return id;
    }

    private static long export(String key, String gen, String[] idOut) {
        long t0 = System.nanoTime();
        String id = Api.as(key).contentType(ContentType.JSON).body(Map.of("generation_id", gen, "preset", "market1-3x4", "width", 2400))
                .post("/api/v1/exports").then().statusCode(202).extract().path("id");
        await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(10)).pollDelay(Duration.ZERO)
                .until(() -> "ready".equals(Api.as(key).get("/api/v1/exports/" + id).then().extract().path("status")));
        if (idOut != null) {
            idOut[0] = id;
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static BufferedImage file(String key, String id) throws java.io.IOException {
        return ImageIO.read(new ByteArrayInputStream(Api.as(key).get("/api/v1/exports/" + id + "/file").then().statusCode(200)
                .extract().asByteArray()));
    }
}
