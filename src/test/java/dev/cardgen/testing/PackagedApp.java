package dev.cardgen.testing;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;

/**
 * The packaged jar ({@code target/quarkus-app/quarkus-run.jar}) as a child process, started from
 * its own folder as a container runs it, with the JDK that runs the tests. For tests that need more
 * than one instance or a real SIGTERM; {@code @QuarkusIntegrationTest} covers the single instance.
 */
public final class PackagedApp implements AutoCloseable {

    private static final Pattern INSTANCE = Pattern.compile("Job dispatcher (inst_\\w+)");

    /**
     * JVM options for an instance a test starts to check behaviour, not speed: C1 only
     * ({@code -XX:TieredStopAtLevel=1}, as the test JVMs run), which takes about 40 % of the CPU off a
     * start, most of it C2 compiling start-up code an instance that lives seconds never runs again; and
     * no bytecode verification of the classes the application loads ({@code -XX:-BytecodeVerificationRemote},
     * as the test JVMs run), about a quarter of the CPU that is left to ready (4.6 → 3.4 s). The jar is the one
     * the {@code @QuarkusIntegrationTest}s launch with verification on (their {@code quarkus.test.arg-line},
     * pom.xml, is C1 only). Production and the benches keep the JVM's defaults.
     */
    public static final List<String> TEST_JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1",
            "-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote");

    private final Process process;
    private final Path log;
    private final String baseUri;

    private PackagedApp(Process process, Path log, String baseUri) {
        this.process = process;
        this.log = log;
        this.baseUri = baseUri;
    }

    /**
     * Starts an instance with {@link #TEST_JVM_OPTIONS} and these {@code -D} settings, and waits until
     * {@code /q/health/ready} is 200.
     */
    public static PackagedApp start(String name, Map<String, String> settings, Duration timeout) throws IOException {
        return start(name, TEST_JVM_OPTIONS, Map.of(), settings, timeout);
    }

    /**
     * Starts an instance with these JVM options, extra environment variables (as a container image sets
     * them) and {@code -D} settings, and waits until {@code /q/health/ready} is 200.
     */
    public static PackagedApp start(String name, List<String> jvmOptions, Map<String, String> env, Map<String, String> settings,
                                    Duration timeout) throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-Djava.awt.headless=true", "-Dquarkus.http.port=" + port,
                // production refuses to start without it (PublicBaseUrlCheck); settings may override it
                "-Dcardgen.public-base-url=http://127.0.0.1:" + port));
        settings.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.addAll(List.of("-jar", "quarkus-run.jar"));
        Path log = Path.of("target", name + ".log").toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(cmd).directory(new File("target/quarkus-app"))
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process p = builder.start();
        PackagedApp app = new PackagedApp(p, log, "http://127.0.0.1:" + port);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        await(name + " ready").atMost(timeout).pollInterval(Duration.ofMillis(100)).until(() -> {
            if (!p.isAlive()) {
                throw new AssertionError(name + " exited with " + p.exitValue() + ":\n" + app.log());
            }
            try {
                return http.send(HttpRequest.newBuilder(URI.create(app.baseUri + "/q/health/ready")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
            } catch (IOException e) {
                return false; // not listening yet
            }
        });
        return app;
    }

    public String baseUri() {
        return baseUri;
    }

    /** A rest-assured request to this instance with an API key. */
    public RequestSpecification as(String key) {
        return RestAssured.given().baseUri(baseUri).header("Authorization", "Bearer " + key);
    }

    public Process process() {
        return process;
    }

    /** The {@code inst_…} id its job dispatcher logged at start (the {@code lease_owner} of its jobs). */
    public String instanceId() {
        Matcher m = INSTANCE.matcher(log());
        if (!m.find()) {
            throw new AssertionError("no job dispatcher in the log:\n" + log());
        }
        return m.group(1);
    }

    public String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly().waitFor();
        }
    }
}
