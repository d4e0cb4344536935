package dev.cardgen.api;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How limits read in messages: binary units, one decimal at most, rounded down. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class ByteSizesTest {

    @Test
    void wholeMegabytesHaveNoDecimal() {
        assertEquals("20 MB", ByteSizes.readable(20_971_520));
        assertEquals("5 MB", ByteSizes.readable(5_242_880));
        assertEquals("1 MB", ByteSizes.readable(1_048_576));
    }

    @Test
    void theRestIsRoundedDownToATenth() {
        assertEquals("1.4 MB", ByteSizes.readable(1_500_000));
        assertEquals("20 MB", ByteSizes.readable(21_037_056), "20 MiB + 64 KiB, the default request limit");
        assertEquals("1023.9 KB", ByteSizes.readable(1_048_575));
    }

    @Test
    void smallSizesInKilobytesOrBytes() {
        assertEquals("64 KB", ByteSizes.readable(65_536));
        assertEquals("1 KB", ByteSizes.readable(1_024));
        assertEquals("1023 bytes", ByteSizes.readable(1_023));
        assertEquals("0 bytes", ByteSizes.readable(0));
    }
}
