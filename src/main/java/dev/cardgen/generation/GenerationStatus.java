package dev.cardgen.generation;

import dev.cardgen.core.WireColumn;
import dev.cardgen.core.WireValue;
import jakarta.persistence.Converter;

import java.util.Optional;

/** Where a generation is: {@code queued → running → completed | failed} (a cancel fails it from queued or running). */
public enum GenerationStatus implements WireValue {
    QUEUED,
    RUNNING,
    COMPLETED,
    FAILED;

    /** Completed or failed: nothing changes it any more. */
    public boolean finished() {
        return this == COMPLETED || this == FAILED;
    }

    public static Optional<GenerationStatus> parse(String wire) {
        return WireValue.parse(values(), wire);
    }

    /** The {@code generations.status} column. */
    @Converter
    public static final class Column extends WireColumn<GenerationStatus> {
        public Column() {
            super(values());
        }
    }
}
