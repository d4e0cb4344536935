package dev.cardgen.webhook;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** A URL of an account that receives signed events. */
@Entity
@Table(name = "webhook_endpoints")
public class WebhookEndpoint extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "account_id")
    public String accountId;
    public String url;
    public String events;
    public String description;
    public boolean disabled;
    @Column(name = "secret_sealed")
    public String secretSealed;
    @Column(name = "created_at")
    public Instant createdAt;

    public List<String> eventList() {
        return events.isEmpty() ? List.of() : Arrays.asList(events.split(","));
    }

    public static Optional<WebhookEndpoint> findOwned(String accountId, String id) {
        return find("id = ?1 and accountId = ?2", id, accountId).firstResultOptional();
    }
}
