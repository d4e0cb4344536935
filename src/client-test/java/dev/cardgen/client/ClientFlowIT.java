package dev.cardgen.client;

import dev.cardgen.client.api.AssetsApi;
import dev.cardgen.client.api.ExportsApi;
import dev.cardgen.client.api.GenerationsApi;
import dev.cardgen.client.api.ProjectsApi;
import dev.cardgen.client.model.Asset;
import dev.cardgen.client.model.CreateExport;
import dev.cardgen.client.model.CreateGeneration;
import dev.cardgen.client.model.CutoutBox;
import dev.cardgen.client.model.CutoutHint;
import dev.cardgen.client.model.Export;
import dev.cardgen.client.model.Generation;
import dev.cardgen.client.model.GenerationCreated;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.PostgresTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import java.io.File;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a user of a generated SDK does, with nothing but the Java client that the build generates
 * from the packaged app's OpenAPI document: upload, generate with an Idempotency-Key, poll,
 * export, read the export, download its file, and read a typed error.
 */
@QuarkusIntegrationTest
@WithTestResource(PostgresTestResource.class)
class ClientFlowIT {

    private ApiClient client() {
        ApiClient client = new ApiClient();
        client.updateBaseUri(RestAssured.baseURI + ":" + RestAssured.port);
        client.setRequestInterceptor(b -> b.header("Authorization", "Bearer " + Api.BOOTSTRAP_KEY));
        return client;
    }

    @Test
    void theWholeFlowThroughTheGeneratedClient() throws Exception {
        ApiClient client = client();
        Path photo = Files.createTempFile("sneaker", ".jpg");
        Files.write(photo, Photos.productJpeg(1600, 1200));

        // A null project_id is left out of the form (the generated code adds a text part only when it is
        // set): the asset goes to the account's default project. Named, the project is taken as given.
        String project = new ProjectsApi(client).listProjects(null, null).getData().stream()
                .filter(p -> Boolean.TRUE.equals(p.getIsDefault())).findFirst().orElseThrow().getId();
        AssetsApi assets = new AssetsApi(client);
        Asset asset = assets.uploadAsset(photo.toFile(), null, null);
        assertEquals(project, asset.getProjectId());
        assertEquals(project, assets.uploadAsset(photo.toFile(), project, null).getProjectId());
        assertTrue(asset.getId().startsWith("ast_"));
        assertEquals(1600, asset.getWidth());
        assertEquals(Boolean.TRUE, asset.getSubjectDetected());
        assertEquals(Asset.SubjectSourceEnum.AUTO, asset.getSubjectSource());
        assertEquals(1, asset.getCutoutVersion());

        // The seller steers the cut-out: a box round the product, then a mask of their own.
        Asset hinted = assets.hintAssetCutout(asset.getId(), new CutoutHint()
                .box(new CutoutBox().x(200).y(100).width(1200).height(1000)), "client-hint-" + asset.getId());
        assertEquals(Asset.SubjectSourceEnum.HINT, hinted.getSubjectSource());
        assertEquals(2, hinted.getCutoutVersion());
        Path mask = Files.createTempFile("mask", ".png");
        java.awt.image.BufferedImage grey = new java.awt.image.BufferedImage(1600, 1200, java.awt.image.BufferedImage.TYPE_BYTE_GRAY);
        java.awt.Graphics2D pen = grey.createGraphics();
        pen.setColor(java.awt.Color.WHITE);
        pen.fillRect(500, 200, 600, 800);
        pen.dispose();
        ImageIO.write(grey, "png", mask.toFile());
        // The generator's java/native library serialises a binary request body as JSON, so the mask's
        // PUT goes out through the client's own HttpClient and its answer is read as the model.
        java.net.http.HttpResponse<String> put = client.getHttpClient().send(java.net.http.HttpRequest.newBuilder(
                        URI.create(client.getBaseUri() + "/api/v1/assets/" + asset.getId() + "/cutout"))
                .header("Authorization", "Bearer " + Api.BOOTSTRAP_KEY).header("Content-Type", "image/png")
                .PUT(java.net.http.HttpRequest.BodyPublishers.ofFile(mask)).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, put.statusCode(), put.body());
        Asset masked = client.getObjectMapper().readValue(put.body(), Asset.class);
        assertEquals(Asset.SubjectSourceEnum.MASK, masked.getSubjectSource());
        assertEquals(3, masked.getCutoutVersion());
        assertEquals(3, assets.getAsset(asset.getId()).getCutoutVersion());

        GenerationsApi generations = new GenerationsApi(client);
        CreateGeneration request = new CreateGeneration().assetId(asset.getId()).variants(1)
                .template(CreateGeneration.TemplateEnum.BOLD).marketplace(CreateGeneration.MarketplaceEnum.MARKET4);
        GenerationCreated created = generations.createGeneration(request, "client-flow-" + asset.getId());
        assertEquals(GenerationCreated.StatusEnum.QUEUED, created.getStatus());
        GenerationCreated replayed = generations.createGeneration(request, "client-flow-" + asset.getId());
        assertEquals(created.getId(), replayed.getId());

        Generation done = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> generations.getGeneration(created.getId()), g -> g.getStatus() == Generation.StatusEnum.COMPLETED);
        assertEquals(Generation.RatioEnum._1_1, done.getRatio());
        assertEquals(1, done.getVariants().size());
        assertNotNull(done.getText().getTitle());

        ExportsApi exports = new ExportsApi(client);
        Export export = exports.createExport(new CreateExport().generationId(done.getId()).variant(0)
                .preset(CreateExport.PresetEnum.MARKET4_1X1).format(CreateExport.FormatEnum.PNG), null);
        assertEquals(Export.StatusEnum.PROCESSING, export.getStatus());
        Export ready = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> exports.getExport(export.getId()), e -> e.getStatus() == Export.StatusEnum.READY);
        assertEquals(1200, ready.getWidth());
        assertEquals(1200, ready.getHeight());
        assertNotNull(ready.getDownloadUrl());

        // The signed link's own query, as a client that received only the download_url would pass it on.
        Map<String, String> query = new HashMap<>();
        for (String pair : URI.create(ready.getDownloadUrl()).getRawQuery().split("&")) {
            String[] kv = pair.split("=", 2);
            query.put(kv[0], URLDecoder.decode(kv[1], StandardCharsets.UTF_8));
        }
        File file = exports.downloadExport(export.getId(), query.get("expires"), query.get("signature"), null, null);
        try (ImageInputStream in = ImageIO.createImageInputStream(file)) {
            ImageReader png = ImageIO.getImageReaders(in).next();
            png.setInput(in);
            assertEquals("png", png.getFormatName().toLowerCase(Locale.ROOT));
            assertEquals(1200, png.getWidth(0));
            assertEquals(1200, png.getHeight(0));
            png.dispose();
        }
        assertEquals(ready.getBytes().longValue(), file.length());
        Files.deleteIfExists(file.toPath());

        ApiException missing = assertThrows(ApiException.class, () -> generations.getGeneration("gen_000000000000000000000000"));
        assertEquals(404, missing.getCode());
        dev.cardgen.client.model.Error error = client.getObjectMapper().readValue(missing.getResponseBody(), dev.cardgen.client.model.Error.class);
        assertEquals(dev.cardgen.client.model.ErrorDetail.TypeEnum.INVALID_REQUEST_ERROR, error.getError().getType());
        assertEquals("resource_missing", error.getError().getCode());
        assertNotNull(error.getError().getMessage());
    }
}
