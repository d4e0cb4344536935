package dev.cardgen.export;

import dev.cardgen.core.WireColumn;
import dev.cardgen.core.WireValue;
import jakarta.persistence.Converter;

/** Where an export is: {@code processing → ready | failed}. */
public enum ExportStatus implements WireValue {
    PROCESSING,
    READY,
    FAILED;

    /** The {@code exports.status} column. */
    @Converter
    public static final class Column extends WireColumn<ExportStatus> {
        public Column() {
            super(values());
        }
    }
}
