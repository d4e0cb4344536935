package dev.cardgen.core;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;
import java.util.Optional;

/**
 * A member of a closed set (a status, a job's state) that leaves the process as a fixed string: in
 * JSON, in a database column, in a metric tag. An enum implements it and its constant names are the
 * wire strings in lower case, so renaming a constant changes the contract: {@code WireValuesTest}
 * pins each set to its column's CHECK constraint.
 */
public interface WireValue {

    /** The enum constant's name; enums implement it already. */
    String name();

    /** The string clients, the database and dashboards see. */
    @JsonValue
    default String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The member of {@code values} whose wire string is {@code wire}, exactly; empty for anything else. */
    static <E extends WireValue> Optional<E> parse(E[] values, String wire) {
        for (E value : values) {
            if (value.wire().equals(wire)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
