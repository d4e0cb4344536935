package dev.cardgen;

import org.flywaydb.core.api.resource.LoadableResource;
import org.flywaydb.core.internal.resolver.ChecksumCalculator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An applied migration never changes: Flyway stores each one's checksum and refuses to start against a
 * database whose history disagrees. These are the checksums the migrations shipped with; a new
 * migration is added here, an old one's number never moves (a comment edit must keep it, as V3's did).
 */
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
    }

    @Test
    void everyShippedMigrationKeepsItsChecksum() throws IOException {
        for (Map.Entry<String, Integer> m : SHIPPED.entrySet()) {
            assertEquals(m.getValue(), ChecksumCalculator.calculate(resource(m.getKey())), m.getKey());
        }
    }

    private static LoadableResource resource(String name) throws IOException {
        String path = "db/migration/" + name;
        String text;
        try (InputStream in = MigrationChecksumTest.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IOException("missing " + path);
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        return new LoadableResource() {
            @Override
            public Reader read() {
                return new StringReader(text);
            }

            @Override
            public String getAbsolutePath() {
                return path;
            }

            @Override
            public String getAbsolutePathOnDisk() {
                return path;
            }

            @Override
            public String getFilename() {
                return name;
            }

            @Override
            public String getRelativePath() {
                return path;
            }
        };
    }
}
