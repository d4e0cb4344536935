package dev.cardgen.core;

import jakarta.persistence.AttributeConverter;

/**
 * Stores a {@link WireValue} in a text column as its wire string, so the stored values are the ones
 * the migrations' CHECK constraints name. One small subclass per type hands over its values.
 */
public abstract class WireColumn<E extends WireValue> implements AttributeConverter<E, String> {

    private final E[] values;

    protected WireColumn(E[] values) {
        this.values = values;
    }

    @Override
    public String convertToDatabaseColumn(E value) {
        return value == null ? null : value.wire();
    }

    @Override
    public E convertToEntityAttribute(String stored) {
        if (stored == null) {
            return null;
        }
        return WireValue.parse(values, stored).orElseThrow(() -> new IllegalStateException(
                "Column value '" + stored + "' is none of " + values[0].getClass().getSimpleName()));
    }
}
