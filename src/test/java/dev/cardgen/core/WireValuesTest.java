package dev.cardgen.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.batch.BatchItemState;
import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.ExportStatus;
import dev.cardgen.generation.GenerationStatus;
import dev.cardgen.jobs.JobState;
import dev.cardgen.webhook.DeliveryStatus;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** The status enums speak exactly the strings the columns' CHECK constraints and the HTTP contract name. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class WireValuesTest {

    @Test
    void eachEnumHasExactlyTheValuesItsColumnAllows() throws IOException {
        assertEquals(allowed("V2__generations.sql", "status"), wires(GenerationStatus.values()));
        assertEquals(allowed("V4__exports.sql", "status"), wires(ExportStatus.values()));
        assertEquals(allowed("V4__exports.sql", "format"), wires(ExportFormat.values()));
        assertEquals(allowed("V7__webhooks.sql", "status"), wires(DeliveryStatus.values()));
        assertEquals(allowed("V3__jobs_and_stream_events.sql", "state"), wires(JobState.values()));
        assertEquals(allowed("V12__batches.sql", "state"), wires(BatchItemState.values()));
    }

    @Test
    void columnsStoreTheWireStringAndReadItBack() {
        Map<WireColumn<?>, WireValue[]> columns = Map.of(new GenerationStatus.Column(), GenerationStatus.values(),
                new ExportStatus.Column(), ExportStatus.values(), new DeliveryStatus.Column(), DeliveryStatus.values(),
                new BatchItemState.Column(), BatchItemState.values());
        columns.forEach((column, values) -> {
            @SuppressWarnings("unchecked")
            WireColumn<WireValue> c = (WireColumn<WireValue>) column;
            for (WireValue v : values) {
                assertEquals(v.wire(), c.convertToDatabaseColumn(v));
                assertSame(v, c.convertToEntityAttribute(v.wire()));
            }
            assertNull(c.convertToDatabaseColumn(null));
            assertNull(c.convertToEntityAttribute(null));
            assertThrows(IllegalStateException.class, () -> c.convertToEntityAttribute("FAILED"));
        });
    }

    @Test
    void jsonUsesTheWireString() throws IOException {
        ObjectMapper json = new ObjectMapper();
        assertEquals("[\"queued\",\"running\",\"completed\",\"failed\"]", json.writeValueAsString(GenerationStatus.values()));
        assertEquals("[\"processing\",\"ready\",\"failed\"]", json.writeValueAsString(ExportStatus.values()));
        assertEquals("[\"pending\",\"succeeded\",\"failed\"]", json.writeValueAsString(DeliveryStatus.values()));
    }

    @Test
    void parsingIsExactAndFinishedMeansCompletedOrFailed() {
        assertEquals(GenerationStatus.COMPLETED, GenerationStatus.parse("completed").orElseThrow());
        assertFalse(GenerationStatus.parse("COMPLETED").isPresent());
        assertFalse(GenerationStatus.parse("done").isPresent());
        assertFalse(GenerationStatus.parse(" queued").isPresent());
        assertEquals(List.of(GenerationStatus.COMPLETED, GenerationStatus.FAILED),
                Arrays.stream(GenerationStatus.values()).filter(GenerationStatus::finished).toList());
        assertTrue(WireValue.parse(JobState.values(), "done").isPresent());
    }

    private static List<String> wires(WireValue[] values) {
        return Arrays.stream(values).map(WireValue::wire).sorted().toList();
    }

    /** The values of {@code CHECK (column IN ('a', 'b', …))} in a migration. */
    private static List<String> allowed(String migration, String column) throws IOException {
        try (InputStream in = WireValuesTest.class.getResourceAsStream("/db/migration/" + migration)) {
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = Pattern.compile("CHECK \\(" + column + " IN \\(([^)]*)\\)\\)").matcher(sql);
            assertTrue(m.find(), migration + " has no CHECK on " + column);
            return Arrays.stream(m.group(1).split(",")).map(s -> s.trim().replace("'", "")).sorted().toList();
        }
    }
}
