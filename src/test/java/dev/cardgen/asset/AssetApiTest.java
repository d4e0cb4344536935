package dev.cardgen.asset;

import dev.cardgen.core.Ids;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.BadUploads;
import dev.cardgen.testing.Leftovers;
import dev.cardgen.testing.Photos;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static dev.cardgen.testing.Api.assertError;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class AssetApiTest {

    @Inject
    BlobStore blobs;

    static ValidatableResponse upload(String key, byte[] bytes, String fileName, String declaredType) {
        return Api.as(key).multiPart("file", fileName, bytes, declaredType).post("/api/v1/assets").then();
    }

    /** A shutdown hook closes ImageIO's temp-file buffers under running encodes; the service keeps them in memory. */
    @Test
    void imageIoBuffersStayInMemory() {
        assertFalse(javax.imageio.ImageIO.getUseCache());
    }

    @Test
    void uploadReturnsTheFullRecord() {
        var acct = Api.newAccount();
        byte[] photo = Photos.productJpeg(1600, 1200);
        String id = upload(acct.key(), photo, "red-bottle_IMG_1234.jpg", "image/jpeg")
                .statusCode(201)
                .body("$", aMapWithSize(12))
                .body("id", matchesPattern("ast_[0-9A-Za-z]{24}"))
                .body("object", is("asset"))
                .body("project_id", is(acct.defaultProjectId()))
                .body("width", is(1600)).body("height", is(1200))
                .body("mime_type", is("image/jpeg"))
                .body("subject_detected", is(true))
                .body("subject_source", is("auto"))
                .body("cutout_version", is(1))
                .body("original_filename", is("red-bottle_IMG_1234.jpg"))
                .body("bytes", is(photo.length))
                .body("created_at", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"))
                .extract().path("id");
        Api.as(acct.key()).get("/api/v1/assets/" + id).then().statusCode(200).body("id", is(id)).body("width", is(1600));
        assertTrue(blobs.stat(AssetBlobs.original(id)).isPresent());
        assertTrue(blobs.stat(AssetBlobs.workingCopy(id)).isPresent());
        assertTrue(blobs.stat(AssetBlobs.mask(id)).isPresent());
    }

    @Test
    void formatIsSniffedNotTakenFromTheClient() {
        var acct = Api.newAccount();
        upload(acct.key(), BadUploads.png(1000, 900), "photo.jpg", "image/jpeg").statusCode(201).body("mime_type", is("image/png"));
        upload(acct.key(), BadUploads.webp(1000, 900), "photo.bin", "application/octet-stream").statusCode(201)
                .body("mime_type", is("image/webp")).body("width", is(1000)).body("height", is(900));
    }

    @Test
    void unusualButValidImagesAreAccepted() {
        var acct = Api.newAccount();
        upload(acct.key(), BadUploads.cmykJpeg(1000, 900), "cmyk.jpg", "image/jpeg").statusCode(201).body("mime_type", is("image/jpeg"));
        upload(acct.key(), BadUploads.png16bit(1000, 900), "deep.png", "image/png").statusCode(201).body("width", is(1000));
        // EXIF orientation 6 (rotate 90°): width and height are as displayed.
        upload(acct.key(), BadUploads.jpegWithOrientation(1200, 900, 6), "rotated.jpg", "image/jpeg").statusCode(201)
                .body("width", is(900)).body("height", is(1200));
    }

    @Test
    void badUploadsGetTheDocumentedErrorAndLeaveNothingBehind() {
        var acct = Api.newAccount();
        long blobsBefore = countAssetBlobs();
        assertError(upload(acct.key(), BadUploads.empty(), "empty.jpg", "image/jpeg"), 415, "invalid_request_error", "unsupported_media_type", "file");
        assertError(upload(acct.key(), BadUploads.textRenamedJpg(), "notes.jpg", "image/jpeg"), 415, "invalid_request_error", "unsupported_media_type", "file");
        assertError(upload(acct.key(), BadUploads.pngHeaderWithGarbage(), "broken.png", "image/png"), 422, "invalid_request_error", "image_unreadable", "file");
        assertError(upload(acct.key(), BadUploads.truncatedJpeg(), "cut.jpg", "image/jpeg"), 422, "invalid_request_error", "image_unreadable", "file");
        assertError(upload(acct.key(), BadUploads.onePixelPng(), "dot.png", "image/png"), 422, "invalid_request_error", "image_too_small", "file");
        assertError(upload(acct.key(), BadUploads.png(1200, 799), "short.png", "image/png"), 422, "invalid_request_error", "image_too_small", "file");
        assertError(upload(acct.key(), BadUploads.bombPng30000(), "bomb.png", "image/png"), 422, "invalid_request_error", "image_too_many_pixels", "file");
        // rest-assured streams multipart bodies chunked: no Content-Length to refuse early, so the spooled file's size decides.
        assertError(upload(acct.key(), BadUploads.largeFile(21L * 1024 * 1024), "huge.jpg", "image/jpeg"), 413, "invalid_request_error", "file_too_large", "file");
        Api.as(acct.key()).get("/api/v1/assets").then().statusCode(200).body("data", hasSize(0));
        assertEquals(blobsBefore, countAssetBlobs(), "a rejected upload must not leave blobs");
    }

    @Test
    void fileJustOverTheLimitButInsideTheEnvelopeIs413() {
        assertOneByteOverTheLimitIs413(20);
    }

    /** A file one byte over the limit of {@code megabytes} MB: 413 file_too_large quoting the limit, and nothing left behind. */
    static void assertOneByteOverTheLimitIs413(int megabytes) {
        var acct = Api.newAccount();
        Leftovers before = Leftovers.of(acct.id());
        // rest-assured streams multipart bodies chunked: the edge cannot refuse it, the upload's size does.
        var response = upload(acct.key(), BadUploads.largeFile(megabytes * 1024L * 1024 + 1), "edge.jpg", "image/jpeg");
        assertError(response, 413, "invalid_request_error", "file_too_large", "file");
        response.body("error.message", is("The file is larger than the " + megabytes + " MB limit."));
        before.assertNothingLeftBehind(acct.id());
    }

    @Test
    void malformedRequestsAre400Or415() {
        var acct = Api.newAccount();
        assertError(Api.as(acct.key()).multiPart("project_id", acct.defaultProjectId()).post("/api/v1/assets").then(),
                400, "invalid_request_error", "parameter_missing", "file");
        assertError(Api.as(acct.key()).contentType("multipart/form-data; boundary=zzz").body("--zzz\r\ngarbage without headers".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).post("/api/v1/assets").then(),
                400, "invalid_request_error", "parameter_invalid", null);
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("{\"file\":\"x\"}").post("/api/v1/assets").then(),
                415, "invalid_request_error", "unsupported_media_type", null);
    }

    /** Some generated clients send a form field they were given as an empty string; that is the default project. */
    @Test
    void anEmptyOrBlankProjectIdIsTheDefaultProject() {
        var acct = Api.newAccount();
        for (String blank : List.of("", " ")) {
            Api.as(acct.key()).multiPart("file", "a.png", BadUploads.png(900, 900), "image/png")
                    .multiPart("project_id", blank).post("/api/v1/assets").then().statusCode(201)
                    .body("project_id", is(acct.defaultProjectId()));
        }
    }

    @Test
    void projectIdChoosesTheProjectAndFiltersTheList() {
        var acct = Api.newAccount();
        String project = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("name", "Shoes")).post("/api/v1/projects")
                .then().statusCode(201).extract().path("id");
        String inProject = Api.as(acct.key()).multiPart("file", "a.png", BadUploads.png(900, 900), "image/png")
                .multiPart("project_id", project).post("/api/v1/assets").then().statusCode(201)
                .body("project_id", is(project)).extract().path("id");
        String inDefault = upload(acct.key(), BadUploads.png(900, 900), "b.png", "image/png").statusCode(201).extract().path("id");
        Api.as(acct.key()).queryParam("project_id", project).get("/api/v1/assets").then().statusCode(200)
                .body("data.id", is(List.of(inProject)));
        Api.as(acct.key()).get("/api/v1/assets").then().statusCode(200).body("data.id", is(List.of(inDefault, inProject)));
        Api.as(acct.key()).queryParam("limit", 1).get("/api/v1/assets").then().body("data.id", is(List.of(inDefault))).body("has_more", is(true));
        Api.as(acct.key()).queryParam("limit", 1).queryParam("starting_after", inDefault).get("/api/v1/assets").then()
                .body("data.id", is(List.of(inProject))).body("has_more", is(false));
    }

    @Test
    void anotherAccountsAssetsAndProjectsAre404() {
        var alice = Api.newAccount();
        var bob = Api.newAccount();
        String id = upload(alice.key(), BadUploads.png(900, 900), "a.png", "image/png").statusCode(201).extract().path("id");
        assertError(Api.as(bob.key()).get("/api/v1/assets/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(bob.key()).delete("/api/v1/assets/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(bob.key()).get("/api/v1/assets/ast_000000000000000000000000").then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(bob.key()).get("/api/v1/assets/../../etc/passwd").then(), 404, "invalid_request_error", "resource_missing", null);
        assertError(Api.as(bob.key()).queryParam("project_id", alice.defaultProjectId()).get("/api/v1/assets").then(),
                404, "invalid_request_error", "resource_missing", "project_id");
        assertError(Api.as(bob.key()).multiPart("file", "a.png", BadUploads.png(900, 900), "image/png")
                .multiPart("project_id", alice.defaultProjectId()).post("/api/v1/assets").then(), 404, "invalid_request_error", "resource_missing", "project_id");
        Api.as(bob.key()).get("/api/v1/assets").then().statusCode(200).body("data", hasSize(0));
        Api.as(alice.key()).get("/api/v1/assets/" + id).then().statusCode(200);
    }

    @Test
    void deleteRemovesTheBytesAtOnceAndTheRecordFromTheApi() {
        var acct = Api.newAccount();
        String id = upload(acct.key(), BadUploads.png(900, 900), "a.png", "image/png").statusCode(201).extract().path("id");
        Api.as(acct.key()).delete("/api/v1/assets/" + id).then().statusCode(200)
                .body("$", aMapWithSize(3)).body("id", is(id)).body("object", is("asset")).body("deleted", is(true));
        for (String key : AssetBlobs.all(id)) {
            assertFalse(blobs.stat(key).isPresent(), key);
        }
        assertError(Api.as(acct.key()).get("/api/v1/assets/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(acct.key()).delete("/api/v1/assets/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        Api.as(acct.key()).get("/api/v1/assets").then().body("data", hasSize(0));
    }

    @Inject
    OrphanBlobSweeper sweeper;

    @Test
    void sweeperRemovesBlobsWithoutALiveAssetOnly() {
        var acct = Api.newAccount();
        String live = upload(acct.key(), BadUploads.png(900, 900), "a.png", "image/png").statusCode(201).extract().path("id");
        String orphan = Ids.next(Ids.ASSET);
        blobs.put(AssetBlobs.original(orphan), new byte[]{1, 2, 3}, "image/png");
        // Young orphans are left alone: their upload may still be writing its row.
        sweeper.sweep(Instant.now().minusSeconds(3600));
        assertTrue(blobs.stat(AssetBlobs.original(orphan)).isPresent());
        sweeper.sweep(Instant.now().plusSeconds(60));
        assertFalse(blobs.stat(AssetBlobs.original(orphan)).isPresent());
        assertTrue(blobs.stat(AssetBlobs.original(live)).isPresent());
    }

    private long countAssetBlobs() {
        try (var keys = blobs.list(AssetBlobs.PREFIX)) {
            return keys.count();
        }
    }
}
