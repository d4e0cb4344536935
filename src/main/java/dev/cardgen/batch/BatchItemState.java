package dev.cardgen.batch;

import dev.cardgen.core.WireColumn;
import dev.cardgen.core.WireValue;
import jakarta.persistence.Converter;

/**
 * Where an item is, as stored: {@code pending} until its generation (and its exports) end, then
 * {@code completed}, {@code failed} or {@code canceled}. The API tells a pending item's
 * {@code queued} from {@code running} by its generation ({@link BatchCounts}).
 */
public enum BatchItemState implements WireValue {
    PENDING,
    COMPLETED,
    FAILED,
    CANCELED;

    /** The {@code batch_items.state} column. */
    @Converter
    public static final class Column extends WireColumn<BatchItemState> {
        public Column() {
            super(values());
        }
    }
}
