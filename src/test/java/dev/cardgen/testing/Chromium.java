package dev.cardgen.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Headless Debian Chromium driven through the system chromedriver's W3C WebDriver HTTP API (a few
 * JSON calls, so no client library and nothing that could try to download a browser). Missing
 * Chromium skips the calling test with the reason, except under {@code CI=true}, where it fails.
 */
public final class Chromium implements AutoCloseable {

    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> BROWSERS = List.of("/usr/lib/chromium/chromium", "/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private final Process driver;
    private final String base;
    private final Path profile;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Chromium(Process driver, String base, Path profile) {
        this.driver = driver;
        this.base = base;
        this.profile = profile;
    }

    /** Starts chromedriver and one headless browser session; skips (or fails on CI) without Chromium. */
    public static Chromium start() throws Exception {
        String browser = BROWSERS.stream().filter(p -> Files.isExecutable(Path.of(p))).findFirst().orElse(null);
        if (browser == null || !Files.isExecutable(DRIVER)) {
            String reason = "Chromium browser tests need the Debian packages chromium and chromium-driver ("
                    + BROWSERS.get(1) + ", " + DRIVER + "); `apt-get install chromium chromium-driver`";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new AssertionError(reason + " (required when CI=true)");
            }
            System.out.println("SKIPPED: " + reason);
            Assumptions.abort(reason);
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Process driver = new ProcessBuilder(DRIVER.toString(), "--port=" + port)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Path profile = Files.createTempDirectory("cardgen-chromium");
        Chromium c = new Chromium(driver, "http://127.0.0.1:" + port, profile);
        try {
            c.awaitReady();
            c.newSession(browser);
        } catch (Exception | AssertionError e) {
            c.close();
            throw e;
        }
        return c;
    }

    private String session;

    private void awaitReady() {
        org.awaitility.Awaitility.await("chromedriver ready").atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(50))
                .ignoreExceptionsInstanceOf(IOException.class)
                .until(() -> {
                    if (!driver.isAlive()) {
                        throw new IllegalStateException("chromedriver exited with " + driver.exitValue());
                    }
                    return call("GET", "/status", null).path("ready").asBoolean();
                });
    }

    private void newSession(String browser) throws Exception {
        List<String> args = List.of("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1280,1000");
        JsonNode value = call("POST", "/session", Map.of("capabilities", Map.of("alwaysMatch", Map.of(
                "browserName", "chrome",
                "goog:chromeOptions", Map.of("binary", browser, "args", args)))));
        session = value.path("sessionId").asText();
    }

    public void open(String url) throws Exception {
        call("POST", "/session/" + session + "/url", Map.of("url", url));
    }

    /** Runs {@code script} (a function body; arguments as {@code arguments[i]}) and returns its result. */
    public JsonNode script(String script, Object... args) throws Exception {
        return call("POST", "/session/" + session + "/execute/sync", Map.of("script", script, "args", List.of(args)));
    }

    /** The text content of the first element {@code css} matches; empty when none does. */
    public String text(String css) throws Exception {
        return script("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", css).asText();
    }

    /** Whether the first element {@code css} matches is shown: present, not hidden, laid out. */
    public boolean visible(String css) throws Exception {
        return script("const e = document.querySelector(arguments[0]); return !!e && !e.hidden && e.offsetParent !== null", css).asBoolean();
    }

    public String find(String css) throws Exception {
        return call("POST", "/session/" + session + "/element", Map.of("using", "css selector", "value", css)).path(ELEMENT).asText();
    }

    /** Types into an element as a user would; for a file input, {@code text} is the file's path. */
    public void type(String css, String text) throws Exception {
        call("POST", "/session/" + session + "/element/" + find(css) + "/value", Map.of("text", text));
    }

    public void click(String css) throws Exception {
        call("POST", "/session/" + session + "/element/" + find(css) + "/click", Map.of());
    }

    /** W3C WebDriver key values for {@link #press}. */
    public static final String TAB = "\uE004", ENTER = "\uE007", SPACE = "\uE00D",
            ARROW_LEFT = "\uE012", ARROW_UP = "\uE013", ARROW_RIGHT = "\uE014", ARROW_DOWN = "\uE015", SHIFT = "\uE008", ESCAPE = "\uE00C";

    /** Presses and releases each key in turn, sent to whatever has the focus, as a keyboard user would. */
    public void press(String... keys) throws Exception {
        keys(null, keys);
    }

    /** Presses each key in turn while {@code modifier} (e.g. {@link #SHIFT}) is held down. */
    public void pressHolding(String modifier, String... keys) throws Exception {
        keys(modifier, keys);
    }

    private void keys(String modifier, String... keys) throws Exception {
        List<Map<String, String>> actions = new java.util.ArrayList<>();
        if (modifier != null) {
            actions.add(Map.of("type", "keyDown", "value", modifier));
        }
        for (String key : keys) {
            actions.add(Map.of("type", "keyDown", "value", key));
            actions.add(Map.of("type", "keyUp", "value", key));
        }
        if (modifier != null) {
            actions.add(Map.of("type", "keyUp", "value", modifier));
        }
        call("POST", "/session/" + session + "/actions",
                Map.of("actions", List.of(Map.of("type", "key", "id", "keyboard", "actions", actions))));
    }

    /**
     * A mouse drag as a person makes it, in the viewport's CSS pixels: move to the start, press the
     * left button, move to the end in {@code steps} pointer moves over about {@code steps} × 30 ms, release.
     */
    public void drag(int fromX, int fromY, int toX, int toY, int steps) throws Exception {
        List<Map<String, Object>> actions = new java.util.ArrayList<>();
        actions.add(Map.of("type", "pointerMove", "duration", 0, "origin", "viewport", "x", fromX, "y", fromY));
        actions.add(Map.of("type", "pointerDown", "button", 0));
        for (int i = 1; i <= steps; i++) {
            actions.add(Map.of("type", "pointerMove", "duration", 30, "origin", "viewport",
                    "x", fromX + (toX - fromX) * i / steps, "y", fromY + (toY - fromY) * i / steps));
        }
        actions.add(Map.of("type", "pointerUp", "button", 0));
        pointer(actions);
    }

    /** A left click at a point of the viewport, in CSS pixels. */
    public void clickAt(int x, int y) throws Exception {
        pointer(List.of(Map.of("type", "pointerMove", "duration", 0, "origin", "viewport", "x", x, "y", y),
                Map.of("type", "pointerDown", "button", 0), Map.of("type", "pointerUp", "button", 0)));
    }

    private void pointer(List<Map<String, Object>> actions) throws Exception {
        call("POST", "/session/" + session + "/actions", Map.of("actions", List.of(Map.of(
                "type", "pointer", "id", "mouse", "parameters", Map.of("pointerType", "mouse"), "actions", actions))));
        call("DELETE", "/session/" + session + "/actions", null); // releases whatever is still held
    }

    public void windowSize(int width, int height) throws Exception {
        call("POST", "/session/" + session + "/window/rect", Map.of("width", width, "height", height));
    }

    /** A PNG of the whole page (the viewport grown to the document's height), written to {@code file}. */
    public void screenshot(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        Files.write(file, Base64.getDecoder().decode(call("GET", "/session/" + session + "/screenshot", null).asText()));
    }

    private JsonNode call(String method, String path, Object body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (body != null) {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } else {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        }
        HttpResponse<String> res = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode value = JSON.readTree(res.body()).path("value");
        if (res.statusCode() != 200) {
            throw new AssertionError("WebDriver " + method + " " + path + " -> " + res.statusCode() + ": "
                    + value.path("error").asText() + " " + value.path("message").asText());
        }
        return value;
    }

    @Override
    public void close() {
        try {
            if (session != null) {
                call("DELETE", "/session/" + session, null);
            }
        } catch (Exception | AssertionError e) {
            // the driver is ended below anyway
        }
        driver.destroy();
        try {
            if (!driver.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
                driver.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp folder
        }
    }
}
