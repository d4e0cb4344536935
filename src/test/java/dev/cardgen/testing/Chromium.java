package dev.cardgen.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.interactions.PointerInput;
import org.openqa.selenium.interactions.Sequence;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Headless Debian Chromium through Selenium and the system chromedriver. The driver's path is given to
 * the service, so Selenium Manager is never asked (it would look for, and could download, a driver or
 * a browser). Missing Chromium skips the calling test with the reason, except under {@code CI=true},
 * where it fails.
 */
public final class Chromium implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> BROWSERS = List.of("/usr/lib/chromium/chromium", "/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    /** Keys for {@link #press}. */
    public static final CharSequence TAB = Keys.TAB, ENTER = Keys.ENTER, SPACE = Keys.SPACE, ARROW_LEFT = Keys.ARROW_LEFT,
            ARROW_UP = Keys.ARROW_UP, ARROW_RIGHT = Keys.ARROW_RIGHT, ARROW_DOWN = Keys.ARROW_DOWN, SHIFT = Keys.SHIFT,
            ESCAPE = Keys.ESCAPE;

    private static final int WIDTH = 1280, HEIGHT = 1000;

    /** The session {@link #shared()} hands out, once started. */
    private static Chromium shared;

    private final ChromeDriver driver;
    private final Path profile;

    private Chromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Starts chromedriver and one headless browser session; skips (or fails on CI) without Chromium. */
    private static Chromium start() throws IOException {
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
        Path profile = Files.createTempDirectory("cardgen-chromium");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile())
                .usingAnyFreePort().withLogOutput(java.io.OutputStream.nullOutputStream()).build();
        ChromeOptions options = new ChromeOptions().setBinary(browser).addArguments("--headless", "--no-sandbox",
                "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + "," + HEIGHT);
        try {
            return new Chromium(new ChromeDriver(service, options), profile);
        } catch (RuntimeException e) {
            service.stop();
            TempFolders.delete(profile);
            throw e;
        }
    }

    /**
     * The browser session of this test JVM, started on first use and ended when the JVM exits, so that
     * the browser test classes pay for one Chromium start between them (about 2 s each). Each call hands
     * over a new tab at the start size and closes the one before: no page, history, focus or
     * sessionStorage of an earlier class is left in it.
     */
    public static synchronized Chromium shared() throws IOException {
        if (shared == null) {
            Chromium started = start();
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "chromium-quit"));
            shared = started;
            return shared;
        }
        String before = shared.driver.getWindowHandle();
        shared.driver.switchTo().newWindow(WindowType.TAB);
        String fresh = shared.driver.getWindowHandle();
        shared.driver.switchTo().window(before).close();
        shared.driver.switchTo().window(fresh);
        shared.windowSize(WIDTH, HEIGHT);
        return shared;
    }

    public void open(String url) {
        driver.get(url);
    }

    /** Runs {@code script} (a function body; arguments as {@code arguments[i]}) and returns its result as JSON. */
    public JsonNode script(String script, Object... args) {
        return JSON.valueToTree(driver.executeScript(script, args));
    }

    /** The text content of the first element {@code css} matches; empty when none does. */
    public String text(String css) {
        return script("const e = document.querySelector(arguments[0]); return e ? e.textContent : ''", css).asText();
    }

    /** Whether the first element {@code css} matches is shown: present, not hidden, laid out. */
    public boolean visible(String css) {
        return script("const e = document.querySelector(arguments[0]); return !!e && !e.hidden && e.offsetParent !== null", css).asBoolean();
    }

    private WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    /** Types into an element as a user would; for a file input, {@code text} is the file's path. */
    public void type(String css, String text) {
        find(css).sendKeys(text);
    }

    /** Replaces the text of a field as a person does: select all, delete, type (each step fires input events). */
    public void retype(String css, String text) {
        WebElement field = find(css);
        field.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        if (!text.isEmpty()) {
            field.sendKeys(text);
        }
    }

    /** Empties a file input (the file chooser's Cancel), so choosing a file again is a change. */
    public void clearFile(String css) {
        find(css).clear();
    }

    public void click(String css) {
        find(css).click();
    }

    /**
     * Picks the option of a {@code <select>} whose value is {@code value} from the keyboard, as a person
     * does: Home, then the down arrow to it; each step fires input and change. (WebDriver's click on an
     * option fires change only, and type-ahead runs typed names together within a second.)
     */
    public void select(String css, String value) {
        JsonNode at = script("const s = document.querySelector(arguments[0]);"
                + "return [Array.from(s.options).findIndex(o => o.value === arguments[1]), s.selectedIndex]", css, value);
        int index = at.get(0).asInt();
        if (index < 0) {
            throw new AssertionError(css + " has no option of value " + value);
        }
        if (index == at.get(1).asInt()) {
            return; // already chosen
        }
        WebElement select = find(css);
        select.sendKeys(Keys.HOME + String.valueOf(Keys.ARROW_DOWN).repeat(index));
        if (!value.equals(select.getDomProperty("value"))) {
            throw new AssertionError(css + " shows " + select.getDomProperty("value") + " after picking " + value);
        }
    }

    /** Presses and releases each key in turn, sent to whatever has the focus, as a keyboard user would. */
    public void press(CharSequence... keys) {
        new Actions(driver).sendKeys(keys).perform();
    }

    /** Presses each key in turn while {@code modifier} (e.g. {@link #SHIFT}) is held down. */
    public void pressHolding(CharSequence modifier, CharSequence... keys) {
        new Actions(driver).keyDown(modifier).sendKeys(keys).keyUp(modifier).perform();
    }

    /**
     * A mouse drag as a person makes it, in the viewport's CSS pixels: move to the start, press the
     * left button, move to the end in {@code steps} pointer moves over about {@code steps} × 30 ms, release.
     */
    public void drag(int fromX, int fromY, int toX, int toY, int steps) {
        PointerInput mouse = new PointerInput(PointerInput.Kind.MOUSE, "mouse");
        Sequence drag = new Sequence(mouse, 0)
                .addAction(mouse.createPointerMove(Duration.ZERO, PointerInput.Origin.viewport(), fromX, fromY))
                .addAction(mouse.createPointerDown(PointerInput.MouseButton.LEFT.asArg()));
        for (int i = 1; i <= steps; i++) {
            drag.addAction(mouse.createPointerMove(Duration.ofMillis(30), PointerInput.Origin.viewport(),
                    fromX + (toX - fromX) * i / steps, fromY + (toY - fromY) * i / steps));
        }
        perform(drag.addAction(mouse.createPointerUp(PointerInput.MouseButton.LEFT.asArg())));
    }

    /** A left click at a point of the viewport, in CSS pixels. */
    public void clickAt(int x, int y) {
        PointerInput mouse = new PointerInput(PointerInput.Kind.MOUSE, "mouse");
        perform(new Sequence(mouse, 0)
                .addAction(mouse.createPointerMove(Duration.ZERO, PointerInput.Origin.viewport(), x, y))
                .addAction(mouse.createPointerDown(PointerInput.MouseButton.LEFT.asArg()))
                .addAction(mouse.createPointerUp(PointerInput.MouseButton.LEFT.asArg())));
    }

    private void perform(Sequence sequence) {
        driver.perform(List.of(sequence));
        driver.resetInputState(); // releases whatever is still held
    }

    public void windowSize(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /** A PNG of the whole page (the viewport grown to the document's height), written to {@code file}. */
    public void screenshot(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    }

    @Override
    public void close() {
        try {
            driver.quit(); // ends the session, the browser and chromedriver
        } finally {
            TempFolders.delete(profile);
        }
    }
}
