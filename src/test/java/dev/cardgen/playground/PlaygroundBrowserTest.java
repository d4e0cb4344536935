package dev.cardgen.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.render.TextFiller;
import dev.cardgen.render.text.Texts;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.Chromium;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.StreamRequests;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
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
import java.util.Map;
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
    private static final List<String> TEXT_FIELDS = List.of("title", "subtitle", "badge", "facts");
    private static Chromium chrome;

    @TestHTTPResource("/")
    URL root;
    @Inject
    StreamRequests streams;

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

    @Test
    void anEventSourceGetsEveryVariantOnceLiveAndStopsAfterDone() throws Exception {
        chrome.open(root.toString());
        String asset = Api.as(Api.BOOTSTRAP_KEY).multiPart("file", "espresso-cup.jpg", Files.readAllBytes(coffeeAt1200()), "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).extract().path("id");
        String streamUrl = Api.as(Api.BOOTSTRAP_KEY).contentType(ContentType.JSON)
                .body(Map.of("asset_id", asset, "variants", 3, "template", "studio"))
                .post("/api/v1/generations").then().statusCode(202).extract().path("stream_url");
        // A bare EventSource that never closes itself: only the server can stop it.
        chrome.script("""
                window.got = []; window.at = []; window.opens = 0;
                const es = new EventSource(arguments[0]); window.es = es;
                es.onopen = () => window.opens++;
                for (const name of ['progress', 'variant', 'done', 'error']) {
                  es.addEventListener(name, (e) => {
                    if (e.data !== undefined) { // an 'error' without data is EventSource's own connection notice
                      window.got.push(name + ':' + e.lastEventId + ':' + (name === 'variant' ? JSON.parse(e.data).index : ''));
                      window.at.push(performance.now());
                    }
                  });
                }""", streamUrl);
        // done, then the reconnect EventSource makes after `retry` gets 204 and it stays closed.
        until(() -> chrome.script("return window.es.readyState").asInt() == 2);
        List<String> got = texts("window.got");
        List<String> variants = got.stream().filter(s -> s.startsWith("variant:")).map(s -> s.substring(s.lastIndexOf(':') + 1)).toList();
        assertEquals(List.of("0", "1", "2"), variants, got.toString());
        assertEquals(1, got.stream().filter(s -> s.startsWith("done:")).count(), got.toString());
        assertTrue(got.get(got.size() - 1).startsWith("done:" + got.size() + ":"), got.toString());
        for (int i = 0; i < got.size(); i++) {
            assertEquals(String.valueOf(i + 1), got.get(i).split(":")[1], "ids in order: " + got);
        }
        assertEquals(1, chrome.script("return window.opens").asInt());
        assertEquals(List.of(200, 204), streams.of(streamUrl));

        // Live, not a replay at the end: each variant is followed by the progress of its render before the
        // next one comes, and the first came while two more were still to render (a replay arrives in one burst).
        int first = indexOf(got, "variant:");
        int second = indexOf(got.subList(first + 1, got.size()), "variant:") + first + 1;
        assertTrue(got.subList(first + 1, second).stream().anyMatch(e -> e.startsWith("progress:")), got.toString());
        List<String> at = texts("window.at");
        double firstVariantAt = Double.parseDouble(at.get(first));
        double doneAt = Double.parseDouble(at.get(at.size() - 1));
        assertTrue(doneAt - firstVariantAt >= 30, "the first variant came " + (doneAt - firstVariantAt)
                + " ms before done; events at " + at + ": " + got);
    }

    private static int indexOf(List<String> events, String prefix) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).startsWith(prefix)) {
                return i;
            }
        }
        throw new AssertionError("no " + prefix + " in " + events);
    }

    /** A product the service isolates: the page shows its cut-out, the API's own PNG, and says the subject was found. */
    @Test
    void aDetectedProductShowsItsCutOut() throws Exception {
        Path bottle = SHOTS.resolve("bottle.jpg");
        Files.createDirectories(SHOTS);
        Files.write(bottle, Photos.productJpeg(1600, 1200));
        openWithKey();
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

    /** What the browser hides (a refused EventSource, an image that does not load, a failed cut-out) is shown with the API's message. */
    @Test
    void failuresTheBrowserHidesAreShownWithTheApisMessage() throws Exception {
        openWithKey();
        String base = root.toString().replaceAll("/$", "");
        String unknownStream = base + "/api/v1/render-stream/" + "A".repeat(43);
        var stream = RestAssured.get(unknownStream).then().statusCode(404).extract();
        chrome.script("watch({ id: 'gen_x', stream_url: arguments[0], variants_requested: 1 })", unknownStream);
        until(() -> visible("#gen-error"));
        String shown = text("#gen-error");
        assertTrue(shown.matches(java.util.regex.Pattern.quote(stream.path("error.message") + " (404 · resource_missing · ")
                + "req_\\w+\\)"), shown);
        chrome.screenshot(SHOTS.resolve("desktop-stream-error.png"));

        String badPreview = base + "/api/v1/generations/gen_x/variants/0/preview";
        var preview = RestAssured.get(badPreview).then().extract();
        assertTrue(preview.statusCode() >= 400, "status " + preview.statusCode());
        chrome.script("showError('gen-error', null); addVariant({ index: 0, preview_url: arguments[0] })", badPreview);
        until(() -> visible("#gen-error"));
        assertTrue(text("#gen-error").startsWith(preview.path("error.message") + " (" + preview.statusCode() + " · "
                + preview.path("error.code")), text("#gen-error"));

        // No cut-out (404: no such asset) is silent; any other failure is shown.
        assertTrue(chrome.script("return loadCutout('asset_none').then(() => document.getElementById('upload-error').hidden)").asBoolean());
        chrome.script("sessionStorage.setItem('cardgen.key', 'sk_live_wrong'); return loadCutout('asset_none')");
        until(() -> visible("#upload-error"));
        assertTrue(text("#upload-error").contains("(401 · api_key_invalid"), text("#upload-error"));
    }

    /** The radio group of variants and the export form work from the keyboard alone: Tab, arrows, Space, Enter. */
    @Test
    void aVariantIsPickedAndExportedWithTheKeyboardOnly() throws Exception {
        openWithKey();
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

    /** The placeholders are what the server's TextFiller will use, for file names, templates and languages. */
    @Test
    void thePlaceholdersAreWhatTheServerFillsIn() throws Exception {
        openWithKey();
        String longName = "handmade " + "ceramic ".repeat(20) + "mug.jpg";
        String[][] cases = { // file name, template, title, subtitle, badge, facts
            {"red_running-shoes.JPG", "studio", "", "", "", ""},
            {"C:\\photos\\серум_для_лица.png", "gradient", "", "", "", ""},
            {"IMG_1234 leather bag.jpeg", "bold", "", "", "", ""},
            {"PXL_20240101_123456789.MP mug.jpg", "infographic", "", "", "", ""},
            {"DSC01234.jpg", "studio", "", "", "", ""},
            {"GOPR0042 helmet.jpg", "gradient", "", "", "", ""},
            {"p1234 lamp (2).png", "bold", "", "", "", ""},
            {"deadbeef99 kettle.webp", "studio", "", "", "", ""},
            {"abcdefgh.png", "studio", "", "", "", ""},
            {"mug.jpeg2000", "studio", "", "", "", ""},
            {"archive.tar.gz", "infographic", "", "", "", ""},
            {longName, "studio", "", "", "", ""},
            {"IMG_0001.jpg", "gradient", "", "Для дома", "", ""},
            {"кружка.jpg", "bold", "Mug", "", "", ""},
            {"IMG_0002.jpg", "infographic", "", "", "", "Объём 250 мл\nDishwasher safe"},
            {"tea\u00a0pot.jpg", "studio", "", "", "", ""},
        };
        for (String[] c : cases) {
            // The file's name as an upload leaves it in the page (sixteen uploads would test the upload again);
            // the template is chosen and the texts that differ from the last case's are typed.
            JsonNode typed = chrome.script("state.fileName = arguments[0]; updatePlaceholders();"
                    + "return arguments[1].map((f) => document.getElementById(f).value);", c[0], TEXT_FIELDS);
            chrome.select("#template", c[1]);
            for (int i = 0; i < TEXT_FIELDS.size(); i++) {
                if (!typed.get(i).asText().equals(c[2 + i])) {
                    chrome.retype("#" + TEXT_FIELDS.get(i), c[2 + i]);
                }
            }
            JsonNode shown = chrome.script("return ['title', 'subtitle', 'badge'].map((f) => document.getElementById(f).placeholder);");
            List<String> facts = c[5].isEmpty() ? List.of() : List.of(c[5].split("\n"));
            Texts filled = TextFiller.fill(new Texts(blankToNull(c[2]), blankToNull(c[3]), facts, blankToNull(c[4])), c[0], c[1]);
            String what = String.join(" | ", c);
            if (c[2].isEmpty()) {
                assertEquals("Auto: " + filled.title(), shown.get(0).asText(), what);
            }
            if (c[3].isEmpty()) {
                assertEquals(filled.subtitle() == null ? "Auto: none for this template" : "Auto: " + filled.subtitle(),
                        shown.get(1).asText(), what);
            }
            if (c[4].isEmpty()) {
                assertEquals(filled.badge() == null ? "Auto: none for this template" : "Auto: " + filled.badge(),
                        shown.get(2).asText(), what);
            }
        }
        chrome.script("state.fileName = 'espresso-cup.jpg'; updatePlaceholders();");
        for (String field : TEXT_FIELDS) {
            chrome.retype("#" + field, "");
        }
        chrome.select("#template", "white");
        JsonNode white = chrome.script("return ['title', 'subtitle', 'badge', 'facts'].map((f) => document.getElementById(f).placeholder);");
        assertEquals(4, white.size());
        for (JsonNode placeholder : white) {
            assertEquals("Not drawn on the white template", placeholder.asText());
        }
    }

    private static String blankToNull(String s) {
        return s.isEmpty() ? null : s;
    }

    /** The page with the bootstrap key in its session, reloaded, the templates listed. */
    private void openWithKey() throws Exception {
        chrome.windowSize(1280, 1000);
        chrome.open(root.toString());
        chrome.script("sessionStorage.setItem('cardgen.key', arguments[0]); location.reload();", Api.BOOTSTRAP_KEY);
        until(() -> chrome.script("return document.readyState").asText().equals("complete")
                && chrome.script("return document.querySelectorAll('#template option').length").asInt() == 5);
    }

    /** The focused element: "variant <index> checked|unchecked" for a variant, else its id. */
    private static String active() throws Exception {
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
    private static void until(Callable<Boolean> condition) {
        await().atMost(Duration.ofSeconds(30)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(100)).until(condition);
    }

    private static String text(String css) throws Exception {
        return chrome.text(css);
    }

    private static String attr(String css, String name) throws Exception {
        return chrome.script("return document.querySelector(arguments[0]).getAttribute(arguments[1])", css, name).asText();
    }

    private static boolean visible(String css) throws Exception {
        return chrome.visible(css);
    }

    private static List<String> texts(String expression) throws Exception {
        JsonNode array = chrome.script("return " + expression);
        return java.util.stream.StreamSupport.stream(array.spliterator(), false).map(JsonNode::asText).toList();
    }
}
