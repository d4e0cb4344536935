package dev.cardgen.export.checks;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.Preset;
import dev.cardgen.render.Box;
import dev.cardgen.render.CardRenderer;
import dev.cardgen.render.ImageEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each rule on hand-made images: a white 1200×1200 card with a dark product box, then one thing wrong at a time. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class ExportCheckerTest {

    private static final RuleSet MAIN = new RuleSet(Preset.MARKET4_1X1, null, true, List.of(ExportFormat.PNG, ExportFormat.JPEG),
            10_485_760, 1200, 1200, true, 0.85, 0.02);
    /** 90 % of the side, centred: 60 px of white all round. */
    private static final Box PRODUCT = new Box(60, 60, 1080, 1080);

    private static BufferedImage card(int w, int h, Box product) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, w, h);
        g.setColor(new Color(0x203040));
        if (product != null) g.fillRect(product.x(), product.y(), product.w(), product.h());
        g.dispose();
        return img;
    }

    private static Map<String, ExportCheck> check(RuleSet rules, byte[] file, BufferedImage img, Box product, List<String> texts,
                                                  boolean shadow) {
        List<ExportCheck> checks = ExportChecker.check(rules, file, new CardRenderer.Rendered(img, product, texts, shadow, 1.0));
        assertEquals(rules.rules().stream().map(CheckRule::wire).toList(), checks.stream().map(ExportCheck::rule).toList(), "order");
        return checks.stream().collect(Collectors.toMap(ExportCheck::rule, Function.identity()));
    }

    private static Map<String, ExportCheck> checkPng(RuleSet rules, BufferedImage img, Box product) {
        return check(rules, ImageEncoder.png(img), img, product, List.of(), false);
    }

    @Test
    void aWhiteCardWithAProductFilling90PercentPassesEveryRuleWithItsMeasurements() {
        BufferedImage img = card(1200, 1200, PRODUCT);
        byte[] png = ImageEncoder.png(img);
        Map<String, ExportCheck> c = check(MAIN, png, img, PRODUCT, List.of(), false);
        assertEquals(new ExportCheck("ratio", true, "1200×1200 is 1:1"), c.get("ratio"));
        assertEquals(new ExportCheck("size", true, "1200×1200 meets the minimum 1200×1200"), c.get("size"));
        assertEquals(new ExportCheck("format", true, "png is allowed (png, jpeg)"), c.get("format"));
        assertEquals(new ExportCheck("file_size", true, png.length + " bytes, within the limit of 10485760"), c.get("file_size"));
        assertEquals(new ExportCheck("srgb", true, "PNG tagged sRGB (sRGB chunk)"), c.get("srgb"));
        assertEquals(new ExportCheck("white_border", true, "every edge pixel is #FFFFFF"), c.get("white_border"));
        assertEquals(new ExportCheck("product_fill", true, "the product covers 90.0 % of the frame's width (at least 85 %)"), c.get("product_fill"));
        assertEquals(new ExportCheck("no_text", true, "no text was drawn"), c.get("no_text"));
        assertEquals(new ExportCheck("no_edge_shadow", true, "the outer 24 px outside the product are pure white"), c.get("no_edge_shadow"));
    }

    @Test
    void aGreyOnePixelFrameFailsTheBorderAndTheEdgeBand() {
        BufferedImage img = card(1200, 1200, PRODUCT);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(0xC8C8C8));
        g.drawRect(0, 0, 1199, 1199);
        g.dispose();
        Map<String, ExportCheck> c = checkPng(MAIN, img, PRODUCT);
        assertEquals(new ExportCheck("white_border", false, "4796 of 4796 edge pixels are not #FFFFFF (darkest #C8C8C8)"), c.get("white_border"));
        assertEquals(new ExportCheck("no_edge_shadow", false, "4796 pixels in the outer 24 px outside the product are not #FFFFFF (darkest #C8C8C8)"),
                c.get("no_edge_shadow"));
        assertTrue(c.get("product_fill").passed());
    }

    @Test
    void oneOffWhitePixelIsEnoughToFailTheBorder() {
        BufferedImage img = card(1200, 1200, PRODUCT);
        img.setRGB(1199, 600, 0xFEFEFE);
        assertEquals(new ExportCheck("white_border", false, "1 of 4796 edge pixels are not #FFFFFF (darkest #FEFEFE)"),
                checkPng(MAIN, img, PRODUCT).get("white_border"));
    }

    @Test
    void aShadowInTheBandThatStopsShortOfTheEdgeFailsOnlyTheEdgeRule() {
        BufferedImage img = card(1200, 1200, PRODUCT);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(0xE0E0E0));
        g.fillRect(100, 1140, 1000, 50); // under the product, down to 10 px from the bottom edge
        g.dispose();
        Map<String, ExportCheck> c = check(MAIN, ImageEncoder.png(img), img, PRODUCT, List.of(), true);
        assertTrue(c.get("white_border").passed());
        assertEquals(new ExportCheck("no_edge_shadow", false,
                "14000 pixels in the outer 24 px outside the product are not #FFFFFF (darkest #E0E0E0); a shadow was drawn"), c.get("no_edge_shadow"));
    }

    @Test
    void aProductTouchingTheEdgeFailsTheBorderButIsNoShadow() {
        Box touching = new Box(0, 100, 1200, 1000);
        Map<String, ExportCheck> c = checkPng(MAIN, card(1200, 1200, touching), touching);
        assertFalse(c.get("white_border").passed());
        assertEquals("2000 of 4796 edge pixels are not #FFFFFF (darkest #203040)", c.get("white_border").detail());
        assertTrue(c.get("no_edge_shadow").passed(), c.get("no_edge_shadow").detail());
        assertEquals("the product covers 100.0 % of the frame's width (at least 85 %)", c.get("product_fill").detail());
    }

    @Test
    void aProductBelow85PercentFailsTheFillAndNoProductFailsItToo() {
        Box small = new Box(120, 150, 900, 960); // 75 % wide, 80 % high
        assertEquals(new ExportCheck("product_fill", false, "the product covers 80.0 % of the frame's height (below 85 %)"),
                checkPng(MAIN, card(1200, 1200, small), small).get("product_fill"));
        Box exact = new Box(90, 90, 1020, 1020); // exactly 85 %
        assertTrue(checkPng(MAIN, card(1200, 1200, exact), exact).get("product_fill").passed());
        assertEquals(new ExportCheck("product_fill", false, "no product was drawn"), checkPng(MAIN, card(1200, 1200, null), null).get("product_fill"));
    }

    @Test
    void drawnTextFailsNoTextNamingWhatWasDrawn() {
        BufferedImage img = card(1200, 1200, PRODUCT);
        assertEquals(new ExportCheck("no_text", false, "text was drawn: title, fact, badge"),
                check(MAIN, ImageEncoder.png(img), img, PRODUCT, List.of("title", "fact", "badge"), false).get("no_text"));
    }

    @Test
    void ratioAndSizeAreReadFromTheFile() {
        BufferedImage img = card(1000, 1100, null);
        Map<String, ExportCheck> c = checkPng(MAIN, img, null);
        assertEquals(new ExportCheck("ratio", false, "1000×1100 is not 1:1"), c.get("ratio"));
        assertEquals(new ExportCheck("size", false, "1000×1100 is below the minimum 1200×1200"), c.get("size"));
    }

    @Test
    void productResolutionFailsBeyondAnEnlargementOf125Percent() {
        assertEquals(new ExportCheck("product_resolution", true,
                "the product is drawn from 1.50 source pixels per card pixel, within the limit of 1.25×"), ExportChecker.productResolution(1.5));
        assertEquals(new ExportCheck("product_resolution", true,
                "the product is enlarged 1.25× (0.80 source pixels per card pixel), within the limit of 1.25×"), ExportChecker.productResolution(0.8));
        assertEquals(new ExportCheck("product_resolution", false,
                "the product is enlarged 1.27× (0.79 source pixels per card pixel), beyond the limit of 1.25×: upload a larger photo"),
                ExportChecker.productResolution(0.79));
        assertEquals(new ExportCheck("product_resolution", false,
                "the product is enlarged 2.89× (0.35 source pixels per card pixel), beyond the limit of 1.25×: upload a larger photo"),
                ExportChecker.productResolution(0.346));
        assertEquals(new ExportCheck("product_resolution", true, "no product was drawn"), ExportChecker.productResolution(null));
        // through check(): the card's own scale is what is judged
        BufferedImage img = card(1200, 1600, new Box(100, 100, 1000, 1400));
        byte[] png = ImageEncoder.png(img);
        RuleSet plain = new RuleSet(Preset.MARKET1_3X4, null, false, List.of(ExportFormat.PNG), 10_485_760, 1200, 1600, true, 0.85, 0.02);
        List<ExportCheck> checks = ExportChecker.check(plain, png, new CardRenderer.Rendered(img, new Box(100, 100, 1000, 1400), List.of(),
                false, 0.5));
        assertEquals(ExportChecker.productResolution(0.5), checks.get(checks.size() - 1));
    }

    @Test
    void formatFileSizeAndSrgbAreReadFromTheBytes() throws IOException {
        RuleSet strict = new RuleSet(Preset.MARKET1_3X4, null, false, List.of(ExportFormat.JPEG), 1000, 1200, 1600, true, 0.85, 0.02);
        BufferedImage img = card(1200, 1600, new Box(100, 100, 1000, 1400));
        byte[] png = ImageEncoder.png(img);
        Map<String, ExportCheck> c = check(strict, png, img, null, List.of("title"), false);
        assertEquals(Set.of("ratio", "size", "format", "file_size", "srgb", "product_resolution"), c.keySet(),
                "no main-image rule in a plain rule set");
        assertEquals(new ExportCheck("format", false, "png is not allowed (jpeg)"), c.get("format"));
        assertEquals(new ExportCheck("file_size", false, png.length + " bytes, over the limit of 1000"), c.get("file_size"));

        byte[] jpeg = ImageEncoder.jpeg(img, 0.92f);
        Map<String, ExportCheck> j = check(strict, jpeg, img, null, List.of(), false);
        assertEquals(new ExportCheck("format", true, "jpeg is allowed (jpeg)"), j.get("format"));
        assertEquals(new ExportCheck("srgb", true, "JPEG without a colour profile (read as sRGB)"), j.get("srgb"));
        assertEquals(new ExportCheck("ratio", true, "1200×1600 is 3:4"), j.get("ratio"));

        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        ImageIO.write(img, "png", plain);
        assertEquals(new ExportCheck("srgb", true, "PNG without a colour space (read as sRGB)"),
                check(strict, plain.toByteArray(), img, null, List.of(), false).get("srgb"));
        assertEquals(new ExportCheck("srgb", false, "PNG with its own primaries (cHRM), not sRGB"),
                check(strict, withChunk(plain.toByteArray(), "cHRM", new byte[32]), img, null, List.of(), false).get("srgb"));
        assertEquals(new ExportCheck("format", false, "unknown is not allowed (jpeg)"),
                check(strict, new byte[] {'G', 'I', 'F', '8'}, img, null, List.of(), false).get("format"));
    }

    @Test
    void aJpegMainImageIsJudgedOnItsDecodedPixels() {
        BufferedImage img = card(1200, 1200, PRODUCT);
        byte[] jpeg = ImageEncoder.jpeg(img, 0.92f);
        Map<String, ExportCheck> c = check(MAIN, jpeg, img, PRODUCT, List.of(), false);
        assertTrue(c.get("white_border").passed(), c.get("white_border").detail());
        // The rendered pixels say white, the file says otherwise: the file wins.
        BufferedImage grey = card(1200, 1200, PRODUCT);
        Graphics2D g = grey.createGraphics();
        g.setColor(Color.GRAY);
        g.drawRect(0, 0, 1199, 1199);
        g.dispose();
        Map<String, ExportCheck> fromFile = check(MAIN, ImageEncoder.jpeg(grey, 0.92f), img, PRODUCT, List.of(), false);
        assertFalse(fromFile.get("white_border").passed(), fromFile.get("white_border").detail());
    }

    @Test
    void fileFactsReadTheHeaderOnly() {
        FileFacts f = FileFacts.of(ImageEncoder.png(card(300, 400, null)));
        assertEquals(new FileFacts(ExportFormat.PNG, 300, 400, f.bytes(), "PNG tagged sRGB (sRGB chunk)", true), f);
        FileFacts none = FileFacts.of(new byte[0]);
        assertNull(none.format());
        assertFalse(none.srgb());
    }

    /** The PNG with one more chunk after IHDR (the CRC is not checked by our reader, so zeros do). */
    private static byte[] withChunk(byte[] png, String type, byte[] data) {
        int afterIhdr = 8 + 12 + 13;
        ByteBuffer out = ByteBuffer.allocate(png.length + 12 + data.length);
        out.put(png, 0, afterIhdr).putInt(data.length).put(type.getBytes(java.nio.charset.StandardCharsets.US_ASCII)).put(data).putInt(0)
                .put(png, afterIhdr, png.length - afterIhdr);
        return out.array();
    }
}
