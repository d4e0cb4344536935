package dev.cardgen.asset;

import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

import java.util.Locale;

/** Where an asset's current cut-out came from; {@link #id()} is the wire and column value. */
public enum SubjectSource {
    /** The subject stage found (or declined) it by itself. */
    AUTO,
    /** The upload's own alpha channel. */
    ALPHA,
    /** Cut out again inside a box the seller drew (POST …/cutout or the upload's subject_box). */
    HINT,
    /** A mask the seller sent (PUT …/cutout). */
    MASK;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Maps the enum to the column's lower-case text. */
    @Converter
    public static final class Column implements AttributeConverter<SubjectSource, String> {
        @Override
        public String convertToDatabaseColumn(SubjectSource source) {
            return source == null ? null : source.id();
        }

        @Override
        public SubjectSource convertToEntityAttribute(String value) {
            return value == null ? null : SubjectSource.valueOf(value.toUpperCase(Locale.ROOT));
        }
    }
}
