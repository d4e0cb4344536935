package dev.cardgen.webhook;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One event on its way to one endpoint; {@code pending → succeeded | failed}. */
@Entity
@Table(name = "webhook_deliveries")
public class WebhookDelivery extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "endpoint_id")
    public String endpointId;
    @Column(name = "account_id")
    public String accountId;
    @Column(name = "event_id")
    public String eventId;
    @Column(name = "event_type")
    public String eventType;
    public String payload;
    @Convert(converter = DeliveryStatus.Column.class)
    public DeliveryStatus status;
    /** JSON array of {@link WebhookViews.AttemptView}. */
    public String attempts;
    @Column(name = "next_attempt_at")
    public Instant nextAttemptAt;
    public boolean enqueued;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "completed_at")
    public Instant completedAt;
}
