package dev.cardgen.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Chromium;
import dev.cardgen.testing.Photos;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.awt.Image;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import javax.imageio.ImageIO;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The playground page in a real headless Chromium: the whole flow with a real photo, the page's
 * EventSource, and screenshots under {@code target/browser/} at desktop and phone width.
 */
@QuarkusTest
class PlaygroundBrowserTest {

    static final Path SHOTS = Path.of("target", "browser");
    static Chromium chrome;

    @TestHTTPResource("/")
    URL root;

    /** A tab of the test JVM's one Chromium for this class; the page's helpers below act on it. */
    @BeforeAll
    static void startBrowser() throws Exception {
        chrome = Chromium.shared();
    }

    @Test
    void theWholeFlowThroughThePage() throws Exception {
        chrome.windowSize(1280, 1000);
        chrome.open(root.toString());
        chrome.script("sessionStorage.clear(); location.reload();");
        until(() -> chrome.script("return document.readyState").asText().equals("complete"));

        // A wrong key: the API's message is on the page.
        chrome.type("#api-key", "sk_live_wrong");
        chrome.click("#key-form button");
        until(() -> text("#key-error").contains("api_key_invalid"));

        chrome.retype("#api-key", Api.BOOTSTRAP_KEY);
        chrome.click("#key-form button");
        until(() -> chrome.script("return document.querySelectorAll('#template option').length").asInt() == 5); // studio, bold, gradient, infographic, white
        until(() -> !visible("#key-error"));
        assertEquals(Api.BOOTSTRAP_KEY, chrome.script("return sessionStorage.getItem('cardgen.key')").asText());

        // The original sample is 600×400, under the 800 px minimum: the 422 is shown with its message.
        Path small = Path.of("src/test/resources/photos/coffee.jpg").toAbsolutePath();
        chrome.type("#file", small.toString());
        until(() -> text("#upload-error").contains("image_too_small"));

        chrome.clearFile("#file");
        chrome.type("#file", coffeeAt1200().toString());
        until(() -> visible("#asset") && text("#upload-status").equals("Uploaded."));
        assertEquals("1200 × 800 px", text("#asset-size").replaceAll(" · .*", ""));
        assertTrue(List.of("yes", "no — check the result").contains(text("#asset-subject")), text("#asset-subject"));
        assertEquals("Auto: Espresso cup", attr("#title", "placeholder"));

        chrome.select("#variants", "2");
        chrome.select("#template", "bold");
        assertEquals("Auto: HIT", attr("#badge", "placeholder"));
        chrome.type("#facts", "Double-walled glass\nHolds 250 ml");
        chrome.click("#generate");
        until(() -> text("#gen-status").startsWith("Completed: 2 variant(s)"));
        assertEquals(List.of("0", "1"), texts("Array.from(document.querySelectorAll('.variant')).map(b => b.dataset.index)"));
        until(() -> chrome.script("return Array.from(document.querySelectorAll('.variant img')).every(i => i.complete && i.naturalWidth > 0)").asBoolean());
        until(() -> attr("#title", "placeholder").equals("Used: Espresso cup")); // read from the record after done
        chrome.screenshot(SHOTS.resolve("desktop-generated.png"));

        chrome.click(".variant[data-index='1']");
        assertEquals("true", attr(".variant[data-index='1']", "aria-checked"));
        chrome.select("#preset", "market4-1x1");
        chrome.select("#width", "2000");
        chrome.select("#format", "jpeg");
        chrome.click("#export");
        until(() -> visible("#download"));
        assertTrue(text("#export-status").startsWith("Ready: 2000 × 2000"), text("#export-status"));
        HttpResponse<byte[]> file = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(attr("#download", "href"))).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, file.statusCode());
        assertEquals("image/jpeg", file.headers().firstValue("Content-Type").orElseThrow());
        BufferedImage exported = ImageIO.read(new ByteArrayInputStream(file.body()));
        assertEquals(2000, exported.getWidth());
        assertEquals(2000, exported.getHeight());
        until(() -> text("#history").contains("market4-1x1 · 2000×2000 JPEG"));
        chrome.screenshot(SHOTS.resolve("desktop-exported.png"));

        // Phone width: one column, nothing wider than the screen.
        chrome.windowSize(390, 844);
        until(() -> chrome.script("return document.documentElement.clientWidth").asInt() < 420);
        chrome.screenshot(SHOTS.resolve("phone.png"));
        String wider = chrome.script("const w = document.documentElement.clientWidth; return Array.from(document.querySelectorAll('body *'))"
                + ".filter(e => e.getBoundingClientRect().right > w + 1).map(e => e.tagName + '#' + e.id + '.' + e.className).join(' ')").asText();
        assertEquals("", wider, "elements wider than the phone screen");
    }

    /** A product the service isolates: the page shows its cut-out, the API's own PNG, and says the subject was found. */
    @Test
    void aDetectedProductShowsItsCutOut() throws Exception {
        Path bottle = SHOTS.resolve("bottle.jpg");
        Files.createDirectories(SHOTS);
        Files.write(bottle, Photos.productJpeg(1600, 1200));
        openWithKey(root);
        chrome.type("#file", bottle.toAbsolutePath().toString());
        until(() -> visible("#asset") && text("#upload-status").equals("Uploaded."));
        assertEquals("yes", text("#asset-subject"));
        until(() -> visible("#cutout-figure")
                && chrome.script("const i = document.getElementById('cutout'); return i.complete && i.naturalWidth > 0").asBoolean());
        String asset = text("#asset-id");
        BufferedImage cutout = ImageIO.read(new ByteArrayInputStream(Api.as(Api.BOOTSTRAP_KEY)
                .get("/api/v1/assets/" + asset + "/cutout").then().statusCode(200).extract().asByteArray()));
        assertEquals(cutout.getWidth(), chrome.script("return document.getElementById('cutout').naturalWidth").asInt());
        assertEquals(cutout.getHeight(), chrome.script("return document.getElementById('cutout').naturalHeight").asInt());
        assertTrue(!visible("#upload-error"), text("#upload-error"));
        chrome.screenshot(SHOTS.resolve("desktop-cutout.png"));
    }

    /** The radio group of variants and the export form work from the keyboard alone: Tab, arrows, Space, Enter. */
    @Test
    void aVariantIsPickedAndExportedWithTheKeyboardOnly() throws Exception {
        openWithKey(root);
        chrome.type("#file", coffeeAt1200().toString());
        until(() -> text("#upload-status").equals("Uploaded."));
        chrome.select("#variants", "2");
        chrome.click("#generate");
        until(() -> text("#gen-status").startsWith("Completed: 2 variant(s)"));

        for (int i = 0; i < 40 && !active().startsWith("variant"); i++) {
            chrome.press(Chromium.TAB);
        }
        assertEquals("variant 0 checked", active(), "Tab reaches the group at the chosen variant");
        chrome.press(Chromium.ARROW_RIGHT);
        assertEquals("variant 1 checked", active());
        assertEquals("false", attr(".variant[data-index='0']", "aria-checked"));
        chrome.press(Chromium.ARROW_RIGHT);
        assertEquals("variant 0 checked", active(), "wraps around");
        chrome.press(Chromium.ARROW_LEFT, Chromium.SPACE);
        assertEquals("variant 1 checked", active());
        chrome.press(Chromium.TAB);
        assertEquals("preset", active(), "the group is one Tab stop");
        chrome.press(Chromium.TAB, Chromium.TAB, Chromium.ARROW_DOWN);
        assertEquals("format", active());
        assertEquals("jpeg", chrome.script("return document.getElementById('format').value").asText());
        chrome.press(Chromium.TAB);
        assertEquals("export", active());
        chrome.press(Chromium.ENTER);
        until(() -> visible("#download"));
        assertTrue(text("#export-status").startsWith("Ready: 1200 × 1600"), text("#export-status"));
        chrome.screenshot(SHOTS.resolve("desktop-keyboard-export.png"));

        String generation = chrome.script("return state.generation.id").asText();
        var exports = Api.as(Api.BOOTSTRAP_KEY).get("/api/v1/exports?generation_id=" + generation).then().statusCode(200).extract();
        assertEquals(List.of(1), exports.path("data.variant"));
        assertEquals(List.of("market1-3x4"), exports.path("data.preset"));
        assertEquals(List.of("jpeg"), exports.path("data.format"));
    }

    /** The page with the bootstrap key in its session, reloaded, the templates listed. */
    static void openWithKey(URL root) throws Exception {
        chrome.windowSize(1280, 1000);
        chrome.open(root.toString());
        chrome.script("sessionStorage.setItem('cardgen.key', arguments[0]); location.reload();", Api.BOOTSTRAP_KEY);
        until(() -> chrome.script("return document.readyState").asText().equals("complete")
                && chrome.script("return document.querySelectorAll('#template option').length").asInt() == 5);
    }

    /** The focused element: "variant <index> checked|unchecked" for a variant, else its id. */
    static String active() throws Exception {
        return chrome.script("""
                const e = document.activeElement;
                return e.classList.contains('variant')
                    ? 'variant ' + e.dataset.index + (e.getAttribute('aria-checked') === 'true' ? ' checked' : ' unchecked')
                    : e.id;""").asText();
    }

    /** The sample photo at 1200×800 (it is 600×400, below the upload minimum), written once under target/. */
    static Path coffeeAt1200() throws Exception {
        Path out = SHOTS.resolve("espresso-cup.jpg");
        if (!Files.exists(out)) {
            BufferedImage src;
            try (InputStream in = Files.newInputStream(Path.of("src/test/resources/photos/coffee.jpg"))) {
                src = ImageIO.read(in);
            }
            BufferedImage big = new BufferedImage(1200, 800, BufferedImage.TYPE_INT_RGB);
            var g = big.createGraphics();
            g.drawImage(src.getScaledInstance(1200, 800, Image.SCALE_SMOOTH), 0, 0, null);
            g.dispose();
            Files.createDirectories(out.getParent());
            ImageIO.write(big, "jpg", out.toFile());
        }
        return out.toAbsolutePath();
    }

    /** Checked at once, then every 100 ms (Awaitility's first check otherwise waits one interval). */
    static void until(Callable<Boolean> condition) {
        await().atMost(Duration.ofSeconds(30)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100)).until(condition);
    }

    static String text(String css) throws Exception {
        return chrome.text(css);
    }

    static String attr(String css, String name) throws Exception {
        return chrome.script("return document.querySelector(arguments[0]).getAttribute(arguments[1])", css, name).asText();
    }

    static boolean visible(String css) throws Exception {
        return chrome.visible(css);
    }

    static List<String> texts(String expression) throws Exception {
        JsonNode array = chrome.script("return " + expression);
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
