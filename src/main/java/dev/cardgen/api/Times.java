package dev.cardgen.api;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** ISO 8601 UTC timestamps with second precision and a trailing Z, as the API shows them. */
public final class Times {
    private Times() {
    }

    public static String iso(Instant instant) {
        return instant == null ? null : DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.SECONDS));
    }

    /** Database timestamps keep microseconds, which is what PostgreSQL stores. */
    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
