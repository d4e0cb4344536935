package dev.cardgen.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.core.Times;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

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
        return new DeliveryView(d.id, "webhook_delivery", d.endpointId, d.eventId, d.eventType, d.status.wire(), attempts(d, json),
                Times.iso(d.nextAttemptAt), Times.iso(d.createdAt), Times.iso(d.completedAt));
    }

    /**
     * The one schema of an event type wherever the document names one (the items of {@code events},
     * a delivery's {@code event_type}, a {@code WebhookEvent}'s {@code type}). Types travel as strings;
     * this type only describes them to the OpenAPI scanner.
     */
    @Schema(name = "WebhookEventType", type = SchemaType.STRING, enumeration = {WebhookEvents.GENERATION_COMPLETED,
            WebhookEvents.GENERATION_FAILED, WebhookEvents.EXPORT_READY, WebhookEvents.EXPORT_FAILED, WebhookEvents.BATCH_COMPLETED})
    enum EventType {
    }

    /** {@code secret} is present only in the answer to the create. */
    @Schema(name = "WebhookEndpoint")
    public record EndpointView(@Schema(required = true) String id, @Schema(required = true, enumeration = "webhook_endpoint") String object,
                               @Schema(required = true) String url,
                               @Schema(required = true, type = SchemaType.ARRAY, implementation = EventType.class) List<String> events,
                               @Schema(required = true, nullable = true) String description, @Schema(required = true) boolean disabled,
                               @Schema(description = "Only in the answer to the create: whsec_…, for Cardgen-Signature")
                               @JsonInclude(JsonInclude.Include.NON_NULL) String secret,
                               @Schema(required = true, format = "date-time") String createdAt) {
    }

    @Schema(name = "DeletedWebhookEndpoint")
    public record Deleted(@Schema(required = true) String id, @Schema(required = true, enumeration = "webhook_endpoint") String object,
                          @Schema(required = true) boolean deleted) {
    }

    @Schema(name = "WebhookDeliveryAttempt")
    public record AttemptView(@Schema(required = true, format = "date-time") String startedAt, @Schema(required = true) long durationMs,
                              @Schema(required = true, nullable = true, description = "null when no HTTP answer came") Integer statusCode,
                              @Schema(required = true, nullable = true) String error) {
    }

    @Schema(name = "WebhookDelivery")
    public record DeliveryView(@Schema(required = true) String id, @Schema(required = true, enumeration = "webhook_delivery") String object,
                               @Schema(required = true) String endpointId, @Schema(required = true) String eventId,
                               @Schema(required = true, ref = "WebhookEventType") String eventType,
                               @Schema(required = true, enumeration = {"pending", "succeeded", "failed"}) String status,
                               @Schema(required = true) List<AttemptView> attempts,
                               @Schema(required = true, nullable = true, format = "date-time") String nextAttemptAt,
                               @Schema(required = true, format = "date-time") String createdAt,
                               @Schema(required = true, nullable = true, format = "date-time") String completedAt) {
    }

    /** POST /api/v1/webhook_endpoints. */
    @Schema(name = "CreateWebhookEndpoint")
    public record CreateEndpoint(@Schema(required = true) String url,
                                 @Schema(required = true, minItems = 1, type = SchemaType.ARRAY, implementation = EventType.class) List<String> events,
                                 String description) {
    }

    /** POST /api/v1/webhook_endpoints/{id}: only the fields sent change. */
    @Schema(name = "UpdateWebhookEndpoint")
    public record UpdateEndpoint(String url, @Schema(minItems = 1, type = SchemaType.ARRAY, implementation = EventType.class) List<String> events,
                                 String description, Boolean disabled) {
    }

    @RegisterForReflection(targets = {EndpointView.class, Deleted.class, AttemptView.class, DeliveryView.class,
            CreateEndpoint.class, UpdateEndpoint.class})
    static final class Reflection {
        private Reflection() {
        }
    }
}
