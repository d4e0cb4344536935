package dev.cardgen.asset.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.asset.image.ImageRejectedException.Reason;
import dev.cardgen.testing.BadUploads;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class ImageInspectorTest {

    @TempDir
    Path dir;

    private int counter;

    private Path file(byte[] bytes) throws IOException {
        Path p = dir.resolve("upload-" + counter++);
        Files.write(p, bytes);
        return p;
    }

    /** Inspects the bytes as an upload; {@code expected} is what its header must say (null: not checked). */
    private InspectedImage inspect(byte[] bytes, ImageInfo expected) throws IOException {
        InspectedImage image = ImageInspector.inspect(file(bytes));
        if (expected != null) {
            assertEquals(expected, image.info());
        }
        return image;
    }

    private static Reason rejected(Runnable r) {
        ImageRejectedException e = assertThrows(ImageRejectedException.class, r::run);
        assertFalse(e.getMessage().contains("/"), "message must not leak paths: " + e.getMessage());
        return e.reason();
    }

    // ---- rejected at inspect -----------------------------------------------------------------

    @Test
    void emptyAndTextAreUnsupported() throws IOException {
        Path empty = file(BadUploads.empty());
        Path text = file(BadUploads.textRenamedJpg());
        assertEquals(Reason.UNSUPPORTED_MEDIA_TYPE, rejected(() -> ImageInspector.inspect(empty)));
        assertEquals(Reason.UNSUPPORTED_MEDIA_TYPE, rejected(() -> ImageInspector.inspect(text)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"GIF89a\u0001\u0000", "BM6\u0000\u0000\u0000", "%PDF-1.7\n", "RIFF\u0000\u0000\u0000\u0000WAVEfmt ", "\u00ff\u00d8"})
    void otherFormatsAreUnsupported(String magic) throws IOException {
        Path p = file((magic + "x".repeat(100)).getBytes(StandardCharsets.ISO_8859_1));
        ImageRejectedException e = assertThrows(ImageRejectedException.class, () -> ImageInspector.inspect(p));
        assertEquals(Reason.UNSUPPORTED_MEDIA_TYPE, e.reason());
        assertEquals("unsupported_media_type", e.code());
        assertEquals(415, e.httpStatus());
    }

    @Test
    void pngSignatureWithGarbageIsUnreadable() throws IOException {
        Path p = file(BadUploads.pngHeaderWithGarbage());
        assertEquals(Reason.UNREADABLE, rejected(() -> ImageInspector.inspect(p)));
    }

    @Test
    void onePixelIsTooSmall() throws IOException {
        Path p = file(BadUploads.onePixelPng());
        assertEquals(Reason.TOO_SMALL, rejected(() -> ImageInspector.inspect(p)));
        Path narrow = file(BadUploads.jpeg(2000, 799));
        assertEquals(Reason.TOO_SMALL, rejected(() -> ImageInspector.inspect(narrow)));
    }

    @Test
    void bombIsRejectedFromTheHeader() throws IOException {
        byte[] bomb = BadUploads.bombPng30000();
        assertTrue(bomb.length < 16 * 1024, "bomb should be a few KB, was " + bomb.length);
        ImageRejectedException e = assertThrows(ImageRejectedException.class, () -> ImageInspector.inspect(file(bomb)));
        assertEquals(Reason.TOO_MANY_PIXELS, e.reason());
        assertEquals("image_too_many_pixels", e.code());
        // The same verdict with nothing past the header to read: the decision takes its first 33 bytes
        // (signature and IHDR), not a decode of the 900 Mpx.
        Path headerOnly = file(Arrays.copyOf(bomb, 8 + 25));
        assertEquals(Reason.TOO_MANY_PIXELS, rejected(() -> ImageInspector.inspect(headerOnly)));
    }

    @Test
    void webpHasALowerPixelLimitBecauseItDecodesAtFullResolution() throws IOException {
        Path ok = file(BadUploads.webp(8000, 5000));
        assertEquals(new ImageInfo(ImageFormat.WEBP, 8000, 5000, 1), ImageInspector.inspect(ok).info());
        Path big = file(BadUploads.webp(8000, 5001));
        assertEquals(Reason.TOO_MANY_PIXELS, rejected(() -> ImageInspector.inspect(big)));
    }

    // ---- header fine, rejected at decode -----------------------------------------------------

    @Test
    void truncatedJpegIsUnreadableAtDecode() throws IOException {
        InspectedImage image = inspect(BadUploads.truncatedJpeg(), new ImageInfo(ImageFormat.JPEG, 1600, 1200, 1));
        assertEquals(Reason.UNREADABLE, rejected(() -> ImageInspector.decodeWorkingCopy(image, 1000)));
    }

    @Test
    void lyingPngHeaderIsUnreadableAtDecode() throws IOException {
        InspectedImage image = inspect(BadUploads.pngWithLyingHeader(), new ImageInfo(ImageFormat.PNG, 1000, 1000, 1));
        assertEquals(Reason.UNREADABLE, rejected(() -> ImageInspector.decodeWorkingCopy(image, 500)));
    }

    @Test
    void truncatedWebpIsUnreadableAtDecode() throws IOException {
        InspectedImage image = inspect(BadUploads.truncatedWebp(), null);
        assertEquals(Reason.UNREADABLE, rejected(() -> ImageInspector.decodeWorkingCopy(image, 500)));
    }

    @Test
    void webpWithMissingPixelDataIsUnreadableOnceTheDecoderReadsPastTheEnd() throws IOException {
        InspectedImage image = inspect(BadUploads.webpWithMissingPixelData(4000, 3000), new ImageInfo(ImageFormat.WEBP, 4000, 3000, 1));
        ImageRejectedException e = assertThrows(ImageRejectedException.class, () -> ImageInspector.decodeWorkingCopy(image, 500));
        assertEquals(Reason.UNREADABLE, e.reason());
        // Refused for reading past the end, where the decoder is served zeros up to a bound instead of
        // one exception per pixel: the work is bounded by bytes (PaddedImageInputStreamTest), not by a clock.
        assertEquals("The image data is truncated.", e.getMessage());
    }

    // ---- good images -------------------------------------------------------------------------

    @Test
    void jpegInspectsAndDecodesWithinMaxSide() throws IOException {
        InspectedImage image = inspect(BadUploads.jpeg(1200, 1000), new ImageInfo(ImageFormat.JPEG, 1200, 1000, 1));
        assertEquals("image/jpeg", image.info().format().mimeType());
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 600);
        assertSize(img, 600, 500);
        assertRed(img, 10, 10);
    }

    @Test
    void smallerThanMaxSideIsNotUpscaled() throws IOException {
        InspectedImage image = inspect(BadUploads.png(1000, 900), new ImageInfo(ImageFormat.PNG, 1000, 900, 1));
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 4096);
        assertSize(img, 1000, 900);
        assertRed(img, 5, 5);
    }

    @Test
    void sixteenBitPngDecodesToSrgb() throws IOException {
        byte[] png = BadUploads.png16bit(1000, 800);
        assertEquals(16, png[24], "IHDR bit depth");
        InspectedImage image = inspect(png, new ImageInfo(ImageFormat.PNG, 1000, 800, 1));
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 500);
        assertSize(img, 500, 400);
        assertRed(img, 5, 5);
        int bottomRight = img.getRGB(495, 395) & 0xFFFFFF;
        assertTrue((bottomRight >> 16) < 30 && (bottomRight >> 8 & 0xFF) > 220 && (bottomRight & 0xFF) > 220,
                Integer.toHexString(bottomRight));
    }

    @Test
    void cmykJpegDecodesToSrgb() throws IOException {
        InspectedImage image = inspect(BadUploads.cmykJpeg(1000, 800), new ImageInfo(ImageFormat.JPEG, 1000, 800, 1));
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 500);
        assertSize(img, 500, 400);
        int cyan = img.getRGB(400, 300) & 0xFFFFFF;
        assertTrue((cyan >> 16) < 100 && (cyan >> 8 & 0xFF) > 120 && (cyan & 0xFF) > 180, "cyan " + Integer.toHexString(cyan));
        int black = img.getRGB(5, 5) & 0xFFFFFF;
        assertTrue((black >> 16) < 80 && (black >> 8 & 0xFF) < 80 && (black & 0xFF) < 80, "black " + Integer.toHexString(black));
    }

    @Test
    void greyPngKeepsItsLevels() throws IOException {
        InspectedImage image = inspect(BadUploads.greyPng(1000, 800, 128), null);
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 500);
        assertSize(img, 500, 400);
        assertEquals(0x808080, img.getRGB(250, 200) & 0xFFFFFF);
    }

    @Test
    void palettePngDecodes() throws IOException {
        byte[] png = BadUploads.palettePng(1000, 800);
        assertEquals(3, png[25], "IHDR colour type 3 (palette)");
        Path p = file(png);
        BufferedImage img = ImageInspector.decodeWorkingCopy(ImageInspector.inspect(p), 500);
        assertSize(img, 500, 400);
        assertRed(img, 5, 5);
    }

    @Test
    void embeddedIccProfileIsConvertedToSrgb() throws IOException {
        Path p = file(BadUploads.jpegWithLinearRgbProfile(1000, 800));
        BufferedImage img = ImageInspector.decodeWorkingCopy(ImageInspector.inspect(p), 500);
        int grey = img.getRGB(250, 200) & 0xFF;
        assertTrue(Math.abs(grey - 0x7A) <= 3, "expected ~0x7a, was " + Integer.toHexString(grey));
    }

    @Test
    void alphaIsCompositedOnWhite() throws IOException {
        InspectedImage image = inspect(BadUploads.transparentPng(1000, 800), null);
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 1000);
        assertEquals(BufferedImage.TYPE_INT_RGB, img.getType());
        assertEquals(0xFFFFFF, img.getRGB(10, 10) & 0xFFFFFF);
        assertEquals(0x0000FF, img.getRGB(990, 10) & 0xFFFFFF);
    }

    @Test
    void webpInspectsAndDecodes() throws IOException {
        InspectedImage image = inspect(BadUploads.webp(1000, 800), new ImageInfo(ImageFormat.WEBP, 1000, 800, 1));
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 250);
        assertSize(img, 250, 200);
        assertEquals(0xC08040, img.getRGB(100, 100) & 0xFFFFFF);
    }

    @Test
    void webpExifOrientationSwapsSides() throws IOException {
        InspectedImage image = inspect(BadUploads.webpWithOrientation(1000, 800, 6), new ImageInfo(ImageFormat.WEBP, 800, 1000, 6));
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 500);
        assertSize(img, 400, 500);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void exifOrientationIsAppliedToSizeAndPixels(int orientation) throws IOException {
        InspectedImage image = inspect(BadUploads.jpegWithOrientation(1200, 900, orientation), null);
        boolean swap = orientation >= 5;
        assertEquals(new ImageInfo(ImageFormat.JPEG, swap ? 900 : 1200, swap ? 1200 : 900, orientation), image.info());
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 600);
        assertSize(img, swap ? 450 : 600, swap ? 600 : 450);
        int w = img.getWidth() - 1 - 5;
        int h = img.getHeight() - 1 - 5;
        // Where the stored top-left marker ends up when displayed.
        switch (orientation) {
            case 1, 5 -> assertRed(img, 5, 5);
            case 2, 6 -> assertRed(img, w, 5);
            case 3, 7 -> assertRed(img, w, h);
            default -> assertRed(img, 5, h);
        }
    }

    @Test
    void trailingDataAfterEndOfImageIsAccepted() throws IOException {
        byte[] large = BadUploads.largeFile(21L * 1024 * 1024);
        assertEquals(21L * 1024 * 1024, large.length);
        InspectedImage image = inspect(large, new ImageInfo(ImageFormat.JPEG, 1200, 900, 1));
        assertSize(ImageInspector.decodeWorkingCopy(image, 800), 800, 600);
    }

    @Test
    void twelveMegapixelPhotoDecodesToBoundedWorkingCopy() throws IOException {
        byte[] photo = BadUploads.photoJpeg(4000, 3000);
        assertTrue(photo.length > 2_000_000 && photo.length < 8_000_000, "photo is " + photo.length + " bytes");
        Path p = file(photo);
        long start = System.nanoTime();
        InspectedImage image = ImageInspector.inspect(p);
        long inspected = System.nanoTime();
        BufferedImage img = ImageInspector.decodeWorkingCopy(image, 1600);
        long decoded = System.nanoTime();
        assertEquals(new ImageInfo(ImageFormat.JPEG, 4000, 3000, 1), image.info());
        assertSize(img, 1600, 1200);
        System.out.printf("photoJpeg 4000x3000 %d bytes: inspect %d ms, decode to 1600 %d ms%n", photo.length,
                (inspected - start) / 1_000_000, (decoded - inspected) / 1_000_000);
    }

    private static void assertSize(BufferedImage img, int width, int height) {
        assertEquals(BufferedImage.TYPE_INT_RGB, img.getType());
        assertEquals(width, img.getWidth(), "width");
        assertEquals(height, img.getHeight(), "height");
    }

    private static void assertRed(BufferedImage img, int x, int y) {
        int rgb = img.getRGB(x, y) & 0xFFFFFF;
        assertTrue((rgb >> 16) > 200 && (rgb >> 8 & 0xFF) < 60 && (rgb & 0xFF) < 60,
                "expected red at " + x + "," + y + " but was " + Integer.toHexString(rgb));
    }
}
