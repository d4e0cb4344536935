package dev.cardgen.asset;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.Leftovers;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.RawHttp;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import javax.imageio.ImageIO;

import static dev.cardgen.testing.RawHttp.bytes;
import static dev.cardgen.testing.RawHttp.concat;
import static dev.cardgen.testing.RawHttp.expectError;
import static dev.cardgen.testing.RawHttp.request;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Hostile uploads sent as raw multipart bytes: images that are only a header, control characters in fields and filters. */
@QuarkusTest
class AssetHostileTest {

    private static byte[] multipart(String fileName, byte[] file, String projectId) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        if (projectId != null) {
            out.writeBytes(bytes("--b\r\nContent-Disposition: form-data; name=\"project_id\"\r\n\r\n" + projectId + "\r\n"));
        }
        out.writeBytes(bytes("--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName + "\"\r\nContent-Type: image/jpeg\r\n\r\n"));
        out.writeBytes(file);
        out.writeBytes(bytes("\r\n--b--\r\n"));
        return out.toByteArray();
    }

    private static byte[] upload(String key, String fileName, byte[] file, String projectId) {
        return request("POST", "/api/v1/assets", key, "multipart/form-data; boundary=b", multipart(fileName, file, projectId));
    }

    /** RIFF/WEBP with only a VP8X chunk declaring 900×900: 30 bytes, no image data. */
    static byte[] headerOnlyWebp() {
        byte[] b = new byte[30];
        System.arraycopy("RIFF".getBytes(StandardCharsets.US_ASCII), 0, b, 0, 4);
        b[4] = 22;
        System.arraycopy("WEBPVP8X".getBytes(StandardCharsets.US_ASCII), 0, b, 8, 8);
        b[16] = 10;
        b[24] = (byte) (899 & 0xFF);
        b[25] = (byte) (899 >> 8);
        b[27] = (byte) (899 & 0xFF);
        b[28] = (byte) (899 >> 8);
        return b;
    }

    static byte[] headerOnlyPng() throws IOException {
        BufferedImage img = new BufferedImage(1000, 1000, BufferedImage.TYPE_INT_RGB);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(img, "png", out);
        return Arrays.copyOf(out.toByteArray(), 8 + 25); // signature + IHDR
    }

    static byte[] headerOnlyJpeg() {
        byte[] jpeg = Photos.productJpeg(1600, 1200);
        for (int i = 2; i + 3 < jpeg.length; i++) {
            if ((jpeg[i] & 0xFF) == 0xFF && (jpeg[i + 1] & 0xFF) == 0xDA) {
                int length = (jpeg[i + 2] & 0xFF) << 8 | (jpeg[i + 3] & 0xFF);
                return concat(Arrays.copyOf(jpeg, i + 2 + length), new byte[] {(byte) 0xFF, (byte) 0xD9});
            }
        }
        throw new IllegalStateException("no SOS");
    }

    @Test
    void imagesThatAreOnlyAHeaderAre422AndLeaveNoRecord() throws IOException {
        Api.TestAccount acct = Api.newAccount();
        Leftovers before = Leftovers.of(acct.id());
        expectError(upload(acct.key(), "a.webp", headerOnlyWebp(), null), 422, "image_unreadable", "file");
        expectError(upload(acct.key(), "a.png", headerOnlyPng(), null), 422, "image_unreadable", "file");
        expectError(upload(acct.key(), "a.jpg", headerOnlyJpeg(), null), 422, "image_unreadable", "file");
        Api.as(acct.key()).get("/api/v1/assets").then().statusCode(200).body("data", hasSize(0));
        before.assertNothingLeftBehind(acct.id());
    }

    @Test
    void controlCharactersInFieldsAndFiltersAre400() {
        Api.TestAccount acct = Api.newAccount();
        Leftovers before = Leftovers.of(acct.id());
        expectError(upload(acct.key(), "a.jpg", Photos.productJpeg(1600, 1200), "prj_\u0000"), 400, "parameter_invalid", "project_id");
        expectError(request("GET", "/api/v1/assets?project_id=%00", acct.key(), null, null), 400, "parameter_invalid", "project_id");
        expectError(request("GET", "/api/v1/assets?starting_after=ast_%00", acct.key(), null, null), 400, "parameter_invalid", "starting_after");
        expectError(request("GET", "/api/v1/assets/ast_%00", acct.key(), null, null), 404, "resource_missing", "id");
        expectError(request("DELETE", "/api/v1/assets/ast_%00%0A", acct.key(), null, null), 404, "resource_missing", "id");
        before.assertNothingLeftBehind(acct.id());
        // A control character in the file name is stripped, as before, not refused.
        RawHttp.Reply ok = RawHttp.send(upload(acct.key(), "mug\u0001.jpg", Photos.productJpeg(1600, 1200), null));
        assertEquals(201, ok.status(), ok.text());
        assertEquals("mug.jpg", ok.json().path("original_filename").asText());
    }
}
