package dev.cardgen.webhook;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

/** One event on its way to one endpoint; {@code pending → succeeded | failed}. */
@Entity
@Table(name = "webhook_deliveries")
public class WebhookDelivery extends OwnedEntity {
    public String endpointId;
    public String eventId;
    public String eventType;
    public String payload;
    @Convert(converter = DeliveryStatus.Column.class)
    public DeliveryStatus status;
    /** JSON array of {@link WebhookViews.AttemptView}. */
    public String attempts;
    public Instant nextAttemptAt;
    public boolean enqueued;
    public Instant completedAt;
}
