package dev.cardgen.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Chromium;
import dev.cardgen.testing.Photos;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The playground's cut-out editor in a real headless Chromium, driven as a person would: a real
 * photo uploaded through the file input, a box dragged with the mouse, points clicked, the same
 * with the keyboard alone, and a mask of one's own chosen in the file dialog. What the page did is
 * checked through the API (the asset's {@code subject_source} and {@code cutout_version}, the mask's
 * pixels); screenshots go to {@code target/browser/cutout-*.png}.
 */
@QuarkusTest
class PlaygroundCutoutEditorTest {

    private static final Path SHOTS = PlaygroundBrowserTest.SHOTS;
    private static final Pattern BOX = Pattern.compile("Box: x (\\d+), y (\\d+), (\\d+) × (\\d+) px");

    private static Chromium chrome;

    @TestHTTPResource("/")
    URL root;
    private String key;
    /** The uploaded photo's size. */
    private static int photoWidth, photoHeight;

    /** A box in the photo's pixels. */
    record Box(int x, int y, int width, int height) {
        boolean contains(double px, double py) {
            return px >= x && py >= y && px < x + width && py < y + height;
        }
    }

    @BeforeAll
    static void startBrowser() throws Exception {
        chrome = Chromium.shared();
    }

    @BeforeEach
    void openThePage() throws Exception {
        key = Api.newAccount().key();
        chrome.windowSize(1280, 1000);
        chrome.open(root.toString());
        chrome.script("sessionStorage.setItem('cardgen.key', arguments[0]); location.reload();", key);
        until(() -> chrome.script("return document.readyState").asText().equals("complete")
                && chrome.script("return document.querySelectorAll('#template option').length").asInt() == 5);
    }

    @Test
    void aBoxDraggedRoundTheProductCutsItOutAgainAndPointsRefineIt() throws Exception {
        String asset = upload(PlaygroundBrowserTest.coffeeAt1200(), "espresso-cup.jpg");
        int before = asset(asset).getInt("cutout_version");
        Box product = boundsOf(mask(asset));
        chrome.screenshot(SHOTS.resolve("cutout-1-uploaded.png"));

        // Too small a box (under 1 % of the photo): the API's 400 is shown with its message and param.
        int[] at = screen(photoWidth * 0.1, photoHeight * 0.1);
        chrome.drag(at[0], at[1], at[0] + 40, at[1] + 40, 4);
        until(() -> chrome.visible("#cutout-error"));
        Box tiny = readoutBox();
        String refused = Api.as(key).contentType(ContentType.JSON).body(Map.of("box", boxJson(tiny)))
                .post("/api/v1/assets/" + asset + "/cutout").then().statusCode(400).extract().path("error.message");
        String shown = chrome.text("#cutout-error");
        assertTrue(shown.startsWith(refused + " (400 · parameter_invalid · param: box"), shown);
        assertEquals("The cut-out was not changed.", chrome.text("#cutout-status"));
        assertEquals(before, asset(asset).getInt("cutout_version"));

        // A box dragged with the mouse round the cup and saucer (where the automatic cut-out found them), with room on every side.
        int margin = photoWidth / 20;
        int x0 = Math.max(0, product.x() - margin), y0 = Math.max(0, product.y() - margin);
        Box round = new Box(x0, y0, Math.min(photoWidth, product.x() + product.width() + margin) - x0,
                Math.min(photoHeight, product.y() + product.height() + margin) - y0);
        int[] from = screen(round.x(), round.y());
        int[] to = screen(round.x() + round.width(), round.y() + round.height());
        chrome.drag(from[0], from[1], to[0], to[1], 12);
        long released = System.nanoTime();
        String updated = "Cut-out updated (version " + (before + 1) + ").";
        until(() -> chrome.text("#cutout-status").equals(updated));
        long shownAfterMs = (System.nanoTime() - released) / 1_000_000;
        System.out.println("cut-out editor: a dragged box to the new outline on the page in " + shownAfterMs + " ms; requests (ms): "
                + chrome.script("return performance.getEntriesByType('resource').filter(e => e.name.includes('/cutout'))"
                + ".map(e => e.name.replace(/.*\\/assets\\/[^/]+/, '') + ' ' + Math.round(e.duration)).join(', ')").asText());
        assertTrue(!chrome.visible("#cutout-error"), chrome.text("#cutout-error"));
        Box sent = readoutBox();
        assertNear(round, sent, (int) Math.ceil(photoWidth / chrome.script("return document.getElementById('overlay')"
                + ".getBoundingClientRect().width").asDouble()) + 1); // the drag, from screen to photo pixels: a CSS pixel or so
        AssetRecord record = asset(asset);
        assertEquals("hint", record.getString("subject_source"));
        assertEquals(true, record.getBoolean("subject_detected"));
        assertEquals(before + 1, record.getInt("cutout_version"));
        BufferedImage mask = mask(asset);
        assertZeroOutside(mask, sent);
        double inside = foregroundShare(mask, sent);
        assertTrue(inside > 0.3, "the product fills " + inside + " of the box");
        assertEquals(boxText(sent), chrome.text("#box-readout")); // applied: no "not applied yet"
        assertEquals("from your box · version " + (before + 1), chrome.text("#asset-cutout"));
        assertPageShowsVersion(asset, before + 1, sent);
        chrome.screenshot(SHOTS.resolve("cutout-2-box.png"));

        // Points: a remove point on the backdrop inside the box, then a keep point on the product.
        chrome.click("#tool-exclude");
        assertEquals("true", chrome.script("return document.getElementById('tool-exclude').getAttribute('aria-pressed')").asText());
        assertEquals("false", chrome.script("return document.getElementById('tool-box').getAttribute('aria-pressed')").asText());
        int[] click = screen(sent.x() + margin / 2.0, sent.y() + margin / 2.0);
        chrome.clickAt(click[0], click[1]);
        until(() -> chrome.text("#cutout-status").equals("Cut-out updated (version " + (before + 2) + ")."));
        double[] removed = photoPoint(click);
        assertTrue(maskAt(mask(asset), removed) < 128, "the remove point is background");
        chrome.click("#tool-include");
        int[] keep = screen(product.x() + product.width() / 2.0, product.y() + product.height() / 2.0);
        chrome.clickAt(keep[0], keep[1]);
        until(() -> chrome.text("#cutout-status").equals("Cut-out updated (version " + (before + 3) + ")."));
        record = asset(asset);
        assertEquals("hint", record.getString("subject_source"));
        assertEquals(before + 3, record.getInt("cutout_version"));
        mask = mask(asset);
        assertTrue(maskAt(mask, photoPoint(keep)) >= 128, "the keep point is the product");
        assertTrue(maskAt(mask, removed) < 128, "the remove point still is background");
        assertZeroOutside(mask, sent);
        assertEquals(boxText(sent) + " · 1 keep point, 1 remove point", chrome.text("#box-readout"));
        chrome.screenshot(SHOTS.resolve("cutout-3-points.png"));

        // Two more points clicked one right after the other: the second is asked for while the first is under
        // way, waits, and is sent after it (with both points), not lost.
        chrome.click("#tool-exclude");
        int[] click2 = screen(sent.x() + sent.width() - margin / 2.0, sent.y() + margin / 2.0);
        chrome.clickAt(click2[0], click2[1]);
        chrome.click("#tool-include");
        int[] keep2 = screen(product.x() + product.width() / 2.0, product.y() + product.height() / 3.0);
        chrome.clickAt(keep2[0], keep2[1]);
        until(() -> chrome.text("#cutout-status").equals("Cut-out updated (version " + (before + 5) + ")."));
        assertEquals(before + 5, asset(asset).getInt("cutout_version"));
        mask = mask(asset);
        assertTrue(maskAt(mask, photoPoint(click2)) < 128, "the second remove point is background");
        assertTrue(maskAt(mask, photoPoint(keep2)) >= 128, "the second keep point is the product");
        assertEquals(boxText(sent) + " · 2 keep points, 2 remove points", chrome.text("#box-readout"));
    }

    @Test
    void theKeyboardAloneMovesResizesAndAppliesTheBoxAndAddsAPoint() throws Exception {
        String asset = upload(bottle(), "bottle.jpg");
        int before = asset(asset).getInt("cutout_version");
        for (int i = 0; i < 30 && !active().equals("editor"); i++) {
            chrome.press(Chromium.TAB);
        }
        assertEquals("editor", active(), "the editor is a Tab stop");
        assertEquals("application", chrome.script("return document.activeElement.getAttribute('role')").asText());

        chrome.press(Chromium.ARROW_RIGHT); // the first arrow shows the box to start from: round the cut-out
        Box start = readoutBox();
        assertTrue(chrome.text("#box-readout").contains("(not applied yet: Enter or Apply)"), chrome.text("#box-readout"));
        int step = Math.max(photoWidth, photoHeight) / 100;
        chrome.pressHolding(Chromium.SHIFT, Chromium.ARROW_RIGHT, Chromium.ARROW_RIGHT, Chromium.ARROW_RIGHT,
                Chromium.ARROW_DOWN, Chromium.ARROW_DOWN, Chromium.ARROW_DOWN);
        Box bigger = readoutBox();
        assertEquals(new Box(start.x(), start.y(), Math.min(start.width() + 3 * step, photoWidth - start.x()),
                Math.min(start.height() + 3 * step, photoHeight - start.y())), bigger);
        chrome.press(Chromium.ARROW_LEFT, Chromium.ARROW_UP, Chromium.ARROW_UP);
        Box moved = readoutBox();
        assertEquals(new Box(Math.max(0, bigger.x() - step), Math.max(0, bigger.y() - 2 * step), bigger.width(), bigger.height()), moved);
        chrome.screenshot(SHOTS.resolve("cutout-4-keyboard-box.png"));
        chrome.press(Chromium.ENTER);
        until(() -> chrome.text("#cutout-status").equals("Cut-out updated (version " + (before + 1) + ")."));
        AssetRecord record = asset(asset);
        assertEquals("hint", record.getString("subject_source"));
        assertEquals(before + 1, record.getInt("cutout_version"));
        assertZeroOutside(mask(asset), moved);
        assertEquals(boxText(moved), chrome.text("#box-readout"));
        assertEquals("editor", active(), "the focus stays on the editor");
        chrome.press(Chromium.ARROW_DOWN);
        assertEquals(boxText(new Box(moved.x(), Math.min(moved.y() + step, photoHeight - moved.height()), moved.width(), moved.height())) + " (not applied yet: Enter or Apply)",
                chrome.text("#box-readout"));
        chrome.press(Chromium.ESCAPE);
        assertEquals(boxText(moved), chrome.text("#box-readout"), "Esc goes back to the box applied");

        // Points from the keyboard: Tab to "Remove points", Space, back to the photo, the marker near a corner of the box, Enter.
        chrome.press(Chromium.TAB, Chromium.TAB, Chromium.TAB);
        assertEquals("tool-exclude", active());
        chrome.press(Chromium.SPACE);
        assertEquals("true", chrome.script("return document.getElementById('tool-exclude').getAttribute('aria-pressed')").asText());
        chrome.pressHolding(Chromium.SHIFT, Chromium.TAB, Chromium.TAB, Chromium.TAB);
        assertEquals("editor", active());
        chrome.press(Chromium.ARROW_LEFT); // shows the marker at the box's centre
        int[] marker = readoutMarker();
        assertEquals(moved.x() + moved.width() / 2.0, marker[0], 1);
        assertEquals(moved.y() + moved.height() / 2.0, marker[1], 1);
        int jump = 5 * step; // Shift+arrow
        int left = (marker[0] - moved.x() - step) / jump, up = (marker[1] - moved.y() - step) / jump;
        for (int i = 0; i < left; i++) {
            chrome.pressHolding(Chromium.SHIFT, Chromium.ARROW_LEFT);
        }
        for (int i = 0; i < up; i++) {
            chrome.pressHolding(Chromium.SHIFT, Chromium.ARROW_UP);
        }
        int[] point = readoutMarker();
        assertEquals(marker[0] - left * jump, point[0]);
        assertEquals(marker[1] - up * jump, point[1]);
        chrome.screenshot(SHOTS.resolve("cutout-5-keyboard-marker.png"));
        chrome.press(Chromium.ENTER);
        until(() -> chrome.text("#cutout-status").equals("Cut-out updated (version " + (before + 2) + ")."));
        assertTrue(maskAt(mask(asset), new double[] {point[0], point[1]}) < 128, "the remove point is background");
        assertTrue(chrome.text("#box-readout").contains("0 keep points, 1 remove point"), chrome.text("#box-readout"));
        chrome.screenshot(SHOTS.resolve("cutout-6-keyboard-point.png"));
    }

    @Test
    void aMaskOfOnesOwnChosenInTheFileDialogIsTheCutOut() throws Exception {
        // The bottle on its sweep: the mask chosen replaces whatever the upload found, and of the two photos its
        // upload answers sooner.
        String asset = upload(bottle(), "bottle.jpg");
        int before = asset(asset).getInt("cutout_version");

        // An ellipse round the bottle, as an 8-bit grey PNG at the photo's size.
        BufferedImage own = greyMask(photoWidth, photoHeight,
                new Ellipse2D.Double(photoWidth / 8.0, photoHeight / 8.0, photoWidth * 3 / 4.0, photoHeight * 3 / 4.0));
        Path ownPng = SHOTS.resolve("cutout-own-mask.png");
        Files.createDirectories(SHOTS);
        ImageIO.write(own, "png", ownPng.toFile());
        assertEquals("Use my own mask…", chrome.text("#mask-button"));
        assertEquals("button", chrome.script("return document.getElementById('mask-button').tagName.toLowerCase()").asText());
        chrome.type("#mask-file", ownPng.toAbsolutePath().toString());
        until(() -> chrome.text("#cutout-status").equals("Cut-out updated from your mask (version " + (before + 1) + ")."));
        AssetRecord record = asset(asset);
        assertEquals("mask", record.getString("subject_source"));
        assertEquals(true, record.getBoolean("subject_detected"));
        assertEquals(before + 1, record.getInt("cutout_version"));
        BufferedImage mask = mask(asset);
        assertEquals(photoWidth, mask.getWidth());
        assertEquals(photoHeight, mask.getHeight());
        int differ = 0;
        for (int y = 0; y < photoHeight; y++) {
            for (int x = 0; x < photoWidth; x++) {
                if ((mask.getRaster().getSample(x, y, 0) >= 128) != (own.getRaster().getSample(x, y, 0) >= 128)) {
                    differ++;
                }
            }
        }
        assertEquals(0, differ, "pixels where the mask in use is not the one chosen");
        assertEquals("your mask · version " + (before + 1), chrome.text("#asset-cutout"));
        assertPageShowsVersion(asset, before + 1, null);
        chrome.screenshot(SHOTS.resolve("cutout-7-own-mask.png"));

        // A mask of another size: the API's reason is on the page, the cut-out stays.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(greyMask(300, 200, new Rectangle(50, 50, 200, 100)), "png", bytes);
        Path wrongPng = SHOTS.resolve("cutout-wrong-size-mask.png");
        Files.write(wrongPng, bytes.toByteArray());
        var refused = Api.as(key).contentType("image/png").body(bytes.toByteArray()).put("/api/v1/assets/" + asset + "/cutout").then().extract();
        assertTrue(refused.statusCode() == 400 || refused.statusCode() == 422, "status " + refused.statusCode());
        assertEquals("mask", refused.path("error.param"));
        chrome.type("#mask-file", wrongPng.toAbsolutePath().toString());
        until(() -> chrome.visible("#cutout-error"));
        String shown = chrome.text("#cutout-error");
        assertTrue(shown.startsWith(refused.path("error.message") + " (" + refused.statusCode() + " · " + refused.path("error.code")
                + " · param: mask"), shown);
        assertEquals("The cut-out was not changed.", chrome.text("#cutout-status"));
        assertEquals(before + 1, asset(asset).getInt("cutout_version"));
        chrome.screenshot(SHOTS.resolve("cutout-8-wrong-mask.png"));
    }

    /** An 8-bit grey mask: the shape white (the product), the rest black. */
    private static BufferedImage greyMask(int width, int height, Shape product) {
        BufferedImage mask = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        Graphics2D g = mask.createGraphics();
        g.setColor(Color.WHITE);
        g.fill(product);
        g.dispose();
        return mask;
    }

    /** Uploads the photo through the page's file input and waits until its outline is drawn; the asset's id. */
    private String upload(Path photo, String name) throws Exception {
        chrome.type("#file", photo.toString());
        until(() -> chrome.visible("#asset") && chrome.text("#upload-status").equals("Uploaded."));
        String asset = chrome.text("#asset-id");
        AssetRecord record = asset(asset);
        assertEquals("auto", record.getString("subject_source"));
        assertEquals(1, record.getInt("cutout_version"));
        assertEquals(name, record.getString("original_filename"));
        photoWidth = record.getInt("width");
        photoHeight = record.getInt("height");
        String drawn = record.getBoolean("subject_detected") ? "1" : "none";
        until(() -> chrome.script("return document.getElementById('editor').dataset.drawn || ''").asText().equals(drawn));
        assertEquals(record.getBoolean("subject_detected") ? "found automatically · version 1" : "none yet: draw a box round the product",
                chrome.text("#asset-cutout"));
        chrome.script("document.getElementById('editor').scrollIntoView({ block: 'center' })");
        return asset;
    }

    /** The test photos' product: a bottle with its shadow on a studio sweep, 1600×1200, written once under target/. */
    private static Path bottle() throws Exception {
        Path out = SHOTS.resolve("bottle.jpg");
        if (!Files.exists(out)) {
            Files.createDirectories(SHOTS);
            Files.write(out, Photos.productJpeg(1600, 1200));
        }
        return out.toAbsolutePath();
    }

    /** The bounding box of a mask's product pixels (128 and over), in the photo's pixels. */
    private static Box boundsOf(BufferedImage mask) {
        int x0 = Integer.MAX_VALUE, y0 = Integer.MAX_VALUE, x1 = -1, y1 = -1;
        for (int y = 0; y < mask.getHeight(); y++) {
            for (int x = 0; x < mask.getWidth(); x++) {
                if (mask.getRaster().getSample(x, y, 0) >= 128) {
                    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
                }
            }
        }
        assertTrue(x1 >= 0, "the automatic cut-out is empty");
        double k = (double) photoWidth / mask.getWidth();
        return new Box((int) (x0 * k), (int) (y0 * k), (int) Math.ceil((x1 - x0 + 1) * k), (int) Math.ceil((y1 - y0 + 1) * k));
    }

    /**
     * After an update the page shows the version: the outline drawn from it (the tint outside the box,
     * the yellow line somewhere) and the cut-out preview the API gives for it.
     */
    private void assertPageShowsVersion(String asset, int version, Box box) throws Exception {
        assertEquals(String.valueOf(version), chrome.script("return document.getElementById('editor').dataset.drawn").asText());
        JsonNode overlay = chrome.script("""
                const c = document.getElementById('overlay'), d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                let yellow = 0, tinted = 0;
                for (let i = 0; i < d.length; i += 4) {
                  if (d[i] === 255 && d[i + 1] === 214 && d[i + 2] === 0) yellow++;
                  if (d[i] === 20 && d[i + 1] === 24 && d[i + 2] === 51 && d[i + 3] === 150) tinted++;
                }
                return [yellow, tinted, c.width * c.height];""");
        assertTrue(overlay.get(0).asInt() > 200, "outline pixels: " + overlay);
        assertTrue(overlay.get(1).asInt() > overlay.get(2).asInt() / 10, "tinted background pixels: " + overlay);
        if (box != null) {
            JsonNode corner = chrome.script("""
                    const c = document.getElementById('overlay'), k = c.width / arguments[2];
                    return Array.from(c.getContext('2d').getImageData(Math.floor(arguments[0] * k), Math.floor(arguments[1] * k), 1, 1).data);""",
                    box.x() / 2, box.y() + box.height() / 2, photoWidth);
            assertEquals(150, corner.get(3).asInt(), "outside the box is tinted: " + corner);
        }
        BufferedImage cutout = ImageIO.read(new ByteArrayInputStream(Api.as(key).get("/api/v1/assets/" + asset + "/cutout")
                .then().statusCode(200).extract().asByteArray()));
        until(() -> chrome.script("const i = document.getElementById('cutout'); return i.complete && i.naturalWidth === arguments[0]"
                + " && i.naturalHeight === arguments[1]", cutout.getWidth(), cutout.getHeight()).asBoolean());
        assertTrue(chrome.visible("#cutout-figure"));
    }

    /** The viewport point (CSS pixels) showing the photo's pixel (x, y). */
    private static int[] screen(double x, double y) throws Exception {
        JsonNode r = chrome.script("const r = document.getElementById('overlay').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]");
        return new int[] {(int) Math.round(r.get(0).asDouble() + x * r.get(2).asDouble() / photoWidth),
            (int) Math.round(r.get(1).asDouble() + y * r.get(3).asDouble() / photoHeight)};
    }

    /** The photo's pixel under a viewport point. */
    private static double[] photoPoint(int[] viewport) throws Exception {
        JsonNode r = chrome.script("const r = document.getElementById('overlay').getBoundingClientRect(); return [r.left, r.top, r.width, r.height]");
        return new double[] {(viewport[0] - r.get(0).asDouble()) * photoWidth / r.get(2).asDouble(),
            (viewport[1] - r.get(1).asDouble()) * photoHeight / r.get(3).asDouble()};
    }

    private Box readoutBox() throws Exception {
        Matcher m = BOX.matcher(chrome.text("#box-readout"));
        assertTrue(m.find(), chrome.text("#box-readout"));
        return new Box(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)));
    }

    private static int[] readoutMarker() throws Exception {
        Matcher m = Pattern.compile("Marker at x (\\d+), y (\\d+)").matcher(chrome.text("#box-readout"));
        assertTrue(m.find(), chrome.text("#box-readout"));
        return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
    }

    private static String boxText(Box b) {
        return "Box: x " + b.x() + ", y " + b.y() + ", " + b.width() + " × " + b.height() + " px";
    }

    private static Map<String, Integer> boxJson(Box b) {
        return Map.of("x", b.x(), "y", b.y(), "width", b.width(), "height", b.height());
    }

    private static void assertNear(Box want, Box got, int tolerance) {
        assertTrue(Math.abs(want.x() - got.x()) <= tolerance && Math.abs(want.y() - got.y()) <= tolerance
                && Math.abs(want.width() - got.width()) <= tolerance && Math.abs(want.height() - got.height()) <= tolerance,
                "wanted " + want + ", the page sent " + got);
    }

    private AssetRecord asset(String id) {
        return new AssetRecord(Api.json(Api.as(key).get("/api/v1/assets/" + id).then().statusCode(200)));
    }

    /** An asset's record, read with Jackson: GPath compiles a Groovy script for every field it reads. */
    private record AssetRecord(JsonNode json) {
        int getInt(String field) {
            assertTrue(json.path(field).isInt(), field + " in " + json);
            return json.get(field).asInt();
        }

        String getString(String field) {
            assertTrue(json.path(field).isTextual(), field + " in " + json);
            return json.get(field).asText();
        }

        boolean getBoolean(String field) {
            assertTrue(json.path(field).isBoolean(), field + " in " + json);
            return json.get(field).asBoolean();
        }
    }

    /** The mask of the working copy, from the API. */
    private BufferedImage mask(String id) throws Exception {
        return ImageIO.read(new ByteArrayInputStream(Api.as(key).get("/api/v1/assets/" + id + "/cutout?format=mask")
                .then().statusCode(200).contentType("image/png").extract().asByteArray()));
    }

    /** The mask's value under a point of the photo. */
    private static int maskAt(BufferedImage mask, double[] p) {
        return mask.getRaster().getSample((int) (p[0] * mask.getWidth() / photoWidth), (int) (p[1] * mask.getHeight() / photoHeight), 0);
    }

    /** Every mask pixel whose centre lies outside the box (in the photo's pixels) is 0. */
    private static void assertZeroOutside(BufferedImage mask, Box box) {
        double k = (double) photoWidth / mask.getWidth();
        int outside = 0;
        for (int y = 0; y < mask.getHeight(); y++) {
            for (int x = 0; x < mask.getWidth(); x++) {
                if (!box.contains((x + 0.5) * k, (y + 0.5) * k) && mask.getRaster().getSample(x, y, 0) != 0) {
                    outside++;
                }
            }
        }
        assertEquals(0, outside, "mask pixels above 0 outside " + box);
    }

    private static double foregroundShare(BufferedImage mask, Box box) {
        double k = mask.getWidth() / (double) photoWidth;
        int on = 0, all = 0;
        for (int y = (int) (box.y() * k); y < (int) ((box.y() + box.height()) * k); y++) {
            for (int x = (int) (box.x() * k); x < (int) ((box.x() + box.width()) * k); x++) {
                all++;
                on += mask.getRaster().getSample(x, y, 0) >= 128 ? 1 : 0;
            }
        }
        return (double) on / all;
    }

    private static String active() throws Exception {
        return chrome.script("return document.activeElement.id").asText();
    }

    /** Waits for {@code condition}; a timeout says what the editor shows, and leaves a screenshot. */
    private static void until(Callable<Boolean> condition) throws Exception {
        try {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100)).until(condition);
        } catch (ConditionTimeoutException e) {
            chrome.screenshot(SHOTS.resolve("cutout-timeout.png"));
            throw new AssertionError("the editor shows: status \"" + chrome.text("#cutout-status") + "\", error \""
                    + chrome.text("#cutout-error") + "\", readout \"" + chrome.text("#box-readout") + "\"", e);
        }
    }
}
