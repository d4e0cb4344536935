package dev.cardgen.asset.image;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import javax.imageio.stream.MemoryCacheImageInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a decoder reading past the end of a WebP is served: zeros, counted, up to a bound, then a stop it cannot swallow. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class PaddedImageInputStreamTest {

    private static PaddedImageInputStream over(byte[] data) {
        return new PaddedImageInputStream(new MemoryCacheImageInputStream(new ByteArrayInputStream(data)), data.length);
    }

    @Test
    void aReadSpanningTheEndIsTheDataThenZerosAndIsCounted() throws IOException {
        try (PaddedImageInputStream in = over(new byte[] {1, 2, 3, 4})) {
            byte[] buf = new byte[1000];
            assertEquals(1000, in.read(buf, 0, buf.length));
            assertArrayEquals(new byte[] {1, 2, 3, 4, 0, 0}, Arrays.copyOf(buf, 6));
            assertEquals(996, in.bytesReadPastEnd());
            assertEquals(0, in.read());
            assertEquals(997, in.bytesReadPastEnd());
        }
    }

    @Test
    void noMoreThanTheBoundIsServedPastTheEndInBlocks() throws IOException {
        try (PaddedImageInputStream in = over(new byte[] {1, 2, 3, 4})) {
            byte[] buf = new byte[1000];
            assertThrows(PaddedImageInputStream.PastEndException.class, () -> {
                while (true) {
                    in.read(buf, 0, buf.length);
                }
            });
            long served = in.bytesReadPastEnd();
            assertTrue(served > PaddedImageInputStream.MAX_PADDING - buf.length && served <= PaddedImageInputStream.MAX_PADDING,
                    "served " + served + " bytes past the end");
        }
    }

    @Test
    void noMoreThanTheBoundIsServedPastTheEndByteByByte() throws IOException {
        try (PaddedImageInputStream in = over(new byte[] {1, 2, 3, 4})) {
            assertThrows(PaddedImageInputStream.PastEndException.class, () -> {
                while (true) {
                    in.read();
                }
            });
            assertEquals(PaddedImageInputStream.MAX_PADDING, in.bytesReadPastEnd());
        }
    }
}
