package dev.cardgen.playground;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.render.TextFiller;
import dev.cardgen.render.text.Texts;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.StreamRequests;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static dev.cardgen.playground.PlaygroundBrowserTest.SHOTS;
import static dev.cardgen.playground.PlaygroundBrowserTest.chrome;
import static dev.cardgen.playground.PlaygroundBrowserTest.coffeeAt1200;
import static dev.cardgen.playground.PlaygroundBrowserTest.openWithKey;
import static dev.cardgen.playground.PlaygroundBrowserTest.text;
import static dev.cardgen.playground.PlaygroundBrowserTest.texts;
import static dev.cardgen.playground.PlaygroundBrowserTest.until;
import static dev.cardgen.playground.PlaygroundBrowserTest.visible;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the playground page receives and shows, in a real headless Chromium: a generation's events
 * live on an EventSource, the failures a browser hides, and the placeholders the server fills in.
 * A class of its own beside {@link PlaygroundBrowserTest} (same application, same browser, a new tab)
 * so that neither takes more than a few seconds; it uses that class's page helpers.
 */
@QuarkusTest
class PlaygroundEventsBrowserTest {

    private static final List<String> TEXT_FIELDS = List.of("title", "subtitle", "badge", "facts");

    @TestHTTPResource("/")
    URL root;
    @Inject
    StreamRequests streams;

    @BeforeAll
    static void startBrowser() throws Exception {
        PlaygroundBrowserTest.startBrowser();
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
        // next one comes, and the events came over the generation's run (a replay arrives in one burst, within
        // a few ms). The variants render side by side, so they may all come within ms of done.
        int first = indexOf(got, "variant:");
        int second = indexOf(got.subList(first + 1, got.size()), "variant:") + first + 1;
        assertTrue(got.subList(first + 1, second).stream().anyMatch(e -> e.startsWith("progress:")), got.toString());
        List<String> at = texts("window.at");
        double firstAt = Double.parseDouble(at.get(0));
        double doneAt = Double.parseDouble(at.get(at.size() - 1));
        assertTrue(doneAt - firstAt >= 30, "the first event came " + (doneAt - firstAt)
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

    /** What the browser hides (a refused EventSource, an image that does not load, a failed cut-out) is shown with the API's message. */
    @Test
    void failuresTheBrowserHidesAreShownWithTheApisMessage() throws Exception {
        openWithKey(root);
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

    /** The placeholders are what the server's TextFiller will use, for file names, templates and languages. */
    @Test
    void thePlaceholdersAreWhatTheServerFillsIn() throws Exception {
        openWithKey(root);
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
}
