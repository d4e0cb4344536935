package dev.cardgen.core;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The house's walls: the kernel knows nothing of the service, the HTTP edge knows only the kernel,
 * and the queue, the instances' heartbeat, storage, LISTEN, the event log, the stream tokens and the
 * render engine do not import the HTTP edge (the SSE route, an HTTP route, does). Read from the
 * sources, so a new import across a wall fails the build.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class LayeringTest {

    private static final Path MAIN = Path.of("src/main/java/dev/cardgen");

    @Test
    void theKernelImportsNothingOfTheService() throws IOException {
        assertEquals(List.of(), offending("core", "import dev.cardgen."));
    }

    @Test
    void theHttpEdgeImportsOnlyTheKernel() throws IOException {
        assertEquals(List.of(), offending("api", "import dev.cardgen.").stream()
                .filter(line -> !line.contains("import dev.cardgen.api.") && !line.contains("import dev.cardgen.core."))
                .toList());
    }

    @Test
    void theMachineryDoesNotImportTheHttpEdge() throws IOException {
        for (String pkg : List.of("jobs", "instances", "storage", "pg", "render")) {
            assertEquals(List.of(), offending(pkg, "import dev.cardgen.api."), pkg);
        }
    }

    @Test
    void theStreamImportsTheHttpEdgeOnlyInItsRoute() throws IOException {
        assertEquals(List.of(), offending("stream", "import dev.cardgen.api.").stream()
                .filter(line -> !line.startsWith("stream/RenderStreamRoute.java: "))
                .toList());
    }

    /**
     * The native build leaves the dev-only embedded-PostgreSQL launcher out ({@code -Dnative} in pom.xml), and
     * .ci/run checks that build on the classes verify compiled: so no other class may name it, not even by a
     * fully qualified name (that would compile here and fail the native build).
     */
    @Test
    void onlyTheDevDatabaseLauncherNamesItself() throws IOException {
        try (Stream<Path> files = Files.walk(MAIN)) {
            assertEquals(List.of(), files.filter(f -> f.toString().endsWith(".java") && !f.startsWith(MAIN.resolve("devdb")))
                    .filter(f -> {
                        try {
                            return Files.readString(f).contains("dev.cardgen.devdb");
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }).map(f -> MAIN.relativize(f).toString()).toList());
        }
    }

    /** Lines of the package's sources (and its sub-packages') that start with {@code prefix}, each with its file. */
    private static List<String> offending(String pkg, String prefix) throws IOException {
        Path dir = MAIN.resolve(pkg);
        assertTrue(Files.isDirectory(dir), dir + " exists");
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).flatMap(f -> {
                try {
                    return Files.readAllLines(f).stream().map(String::strip).filter(l -> l.startsWith(prefix))
                            .map(l -> MAIN.relativize(f) + ": " + l);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }
}
