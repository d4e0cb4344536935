package dev.cardgen;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * An applied migration never changes: Flyway stores each one's checksum and refuses to start against a
 * database whose history disagrees. These are the checksums the migrations shipped with; a new
 * migration is added here, an old one's number never moves (a comment edit must keep it, as V3's did).
 * The checksum is Flyway's own: CRC32 over the UTF-8 bytes of each line without its line break, a
 * leading byte-order mark left out (so line endings may change, nothing else), computed here rather
 * than through Flyway's internal classes, which may move between releases.
 */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class MigrationChecksumTest {

    private static final Map<String, Integer> SHIPPED = new LinkedHashMap<>();

    static {
        SHIPPED.put("V1__accounts_projects_assets.sql", 84865430);
        SHIPPED.put("V2__generations.sql", -975771260);
        SHIPPED.put("V3__jobs_and_stream_events.sql", -856936031);
        SHIPPED.put("V4__exports.sql", -985460568);
        SHIPPED.put("V5__retention_indexes.sql", 1890767138);
        SHIPPED.put("V6__instances.sql", 1005400230);
        SHIPPED.put("V7__webhooks.sql", 504755598);
        SHIPPED.put("V8__job_backoff.sql", -1763009083);
        SHIPPED.put("V10__export_checks.sql", -1240395095);
        SHIPPED.put("V11__job_accounts.sql", -1372414696);
        SHIPPED.put("V12__batches.sql", 1541526881);
        SHIPPED.put("V13__generation_locale.sql", 223939618);
        SHIPPED.put("V14__export_product_scale.sql", 1793808403);
    }

    @Test
    void everyShippedMigrationKeepsItsChecksum() throws IOException {
        for (Map.Entry<String, Integer> m : SHIPPED.entrySet()) {
            assertEquals(m.getValue(), checksum(m.getKey()), m.getKey());
        }
    }

    @Test
    void theChecksumIgnoresLineEndingsAndAByteOrderMarkOnly() throws IOException {
        assertEquals(crc("CREATE TABLE a (id int);\n-- done\n"), crc("\uFEFFCREATE TABLE a (id int);\r\n-- done\r\n"));
        assertNotEquals(crc("CREATE TABLE a (id int);\n-- done\n"), crc("CREATE TABLE a (id int);\n-- done.\n"));
    }

    private static int checksum(String name) throws IOException {
        String path = "db/migration/" + name;
        try (InputStream in = MigrationChecksumTest.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IOException("missing " + path);
            }
            return crc(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static int crc(String text) throws IOException {
        CRC32 crc = new CRC32();
        try (BufferedReader r = new BufferedReader(new StringReader(text))) {
            String line;
            boolean first = true;
            while ((line = r.readLine()) != null) {
                if (first && line.startsWith("\uFEFF")) line = line.substring(1);
                first = false;
                crc.update(line.getBytes(StandardCharsets.UTF_8));
            }
        }
        return (int) crc.getValue();
    }
}
