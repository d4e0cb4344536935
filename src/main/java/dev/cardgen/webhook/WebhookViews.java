package dev.cardgen.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.api.Times;
import io.quarkus.runtime.annotations.RegisterForReflection;

import java.util.List;

/** The webhook resources as the API shows them, and the bodies it accepts. */
public final class WebhookViews {

    private static final TypeReference<List<AttemptView>> ATTEMPTS = new TypeReference<>() {
    };

    private WebhookViews() {
    }

    static List<AttemptView> attempts(WebhookDelivery d, ObjectMapper json) {
        try {
            return json.readValue(d.attempts, ATTEMPTS);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored attempts unreadable", e);
        }
    }

    static DeliveryView delivery(WebhookDelivery d, ObjectMapper json) {
        return new DeliveryView(d.id, "webhook_delivery", d.endpointId, d.eventId, d.eventType, d.status, attempts(d, json),
                Times.iso(d.nextAttemptAt), Times.iso(d.createdAt), Times.iso(d.completedAt));
    }

    /** {@code secret} is present only in the answer to the create. */
    public record EndpointView(String id, String object, String url, List<String> events, String description, boolean disabled,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String secret, String createdAt) {
    }

    public record Deleted(String id, String object, boolean deleted) {
    }

    public record AttemptView(String startedAt, long durationMs, Integer statusCode, String error) {
    }

    public record DeliveryView(String id, String object, String endpointId, String eventId, String eventType, String status,
                               List<AttemptView> attempts, String nextAttemptAt, String createdAt, String completedAt) {
    }

    /** POST /api/v1/webhook_endpoints. */
    public record CreateEndpoint(String url, List<String> events, String description) {
    }

    /** POST /api/v1/webhook_endpoints/{id}: only the fields sent change. */
    public record UpdateEndpoint(String url, List<String> events, String description, Boolean disabled) {
    }

    @RegisterForReflection(targets = {EndpointView.class, Deleted.class, AttemptView.class, DeliveryView.class,
            CreateEndpoint.class, UpdateEndpoint.class})
    static final class Reflection {
        private Reflection() {
        }
    }
}
