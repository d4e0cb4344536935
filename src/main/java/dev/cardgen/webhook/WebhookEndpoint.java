package dev.cardgen.webhook;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.util.Arrays;
import java.util.List;

/** A URL of an account that receives signed events. */
@Entity
@Table(name = "webhook_endpoints")
public class WebhookEndpoint extends OwnedEntity {
    public String url;
    public String events;
    public String description;
    public boolean disabled;
    public String secretSealed;

    public List<String> eventList() {
        return events.isEmpty() ? List.of() : Arrays.asList(events.split(","));
    }
}
