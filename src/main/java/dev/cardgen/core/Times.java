package dev.cardgen.core;

import java.time.Clock;
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

    /** The clock's instant to the microsecond, which is what PostgreSQL stores. */
    public static Instant now(Clock clock) {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }
}
