package dev.cardgen.asset.image;

import static org.junit.jupiter.api.Assertions.fail;

import dev.cardgen.testing.BadUploads;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Damaged files must give an image or an ImageRejectedException, never another exception. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class ImageInspectorFuzzTest {

    @TempDir
    Path dir;

    @Test
    void corruptedFilesAreAcceptedOrRejectedCleanly() throws IOException {
        byte[][] seeds = {
            BadUploads.jpeg(900, 820), BadUploads.png(900, 820), BadUploads.webp(900, 820),
            BadUploads.jpegWithOrientation(900, 820, 6), BadUploads.cmykJpeg(900, 820),
        };
        Random random = new Random(98765);
        Path file = dir.resolve("fuzz");
        for (int round = 0; round < 300; round++) {
            byte[] bytes = seeds[round % seeds.length].clone();
            if (random.nextInt(4) == 0) {
                bytes = Arrays.copyOf(bytes, 16 + random.nextInt(bytes.length - 16));
            }
            int flips = 1 + random.nextInt(8);
            for (int i = 0; i < flips; i++) {
                // Mostly early bytes, where the headers are.
                int at = 3 + random.nextInt(Math.min(bytes.length - 3, random.nextBoolean() ? 400 : bytes.length));
                bytes[at] = (byte) random.nextInt(256);
            }
            Files.write(file, bytes);
            try {
                ImageInspector.decodeWorkingCopy(ImageInspector.inspect(file), 300);
            } catch (ImageRejectedException expected) {
                // fine
            } catch (RuntimeException | Error e) {
                fail("round " + round + " threw " + e, e);
            }
        }
    }
}
