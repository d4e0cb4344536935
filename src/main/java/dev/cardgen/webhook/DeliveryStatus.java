package dev.cardgen.webhook;

import dev.cardgen.core.WireColumn;
import dev.cardgen.core.WireValue;
import jakarta.persistence.Converter;

/** Where a webhook delivery is: {@code pending → succeeded | failed}. */
public enum DeliveryStatus implements WireValue {
    PENDING,
    SUCCEEDED,
    FAILED;

    /** The {@code webhook_deliveries.status} column. */
    @Converter
    public static final class Column extends WireColumn<DeliveryStatus> {
        public Column() {
            super(values());
        }
    }
}
