package dev.cardgen.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.report.MessageResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.schema.SchemaValidator;
import com.atlassian.oai.validator.util.OpenApiLoader;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.filter.FilterContext;
import io.restassured.filter.OrderedFilter;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.core.models.ParseOptions;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks every request and response a rest-assured test makes against the OpenAPI document the
 * application under test serves, so the document cannot drift from the code: the status must be
 * declared for the operation, the content type among the declared ones, the body valid by its
 * schema. Installed for every {@code @QuarkusTest} by {@link OpenApiContractCallback}.
 * <p>
 * What is not checked, and why: a request the service answered with a 4xx (tests send wrong
 * requests on purpose, unknown routes included; the answer is still checked); a multipart request
 * body (the validator cannot read one; the answer is still checked); routes the document does not
 * cover by design: everything outside {@code /api/} and {@code /admin/} (the playground, {@code /q/})
 * and CORS preflights ({@code OPTIONS}, answered by the CORS layer before any operation).
 * <p>
 * The event stream is read with java.net.http, not rest-assured: stream tests hand its events to
 * {@link #assertEventsMatch}, which checks each event's data against its {@code Stream…Event} schema; webhook
 * tests hand the bodies their receiver got to {@link #assertWebhookEventMatches}.
 */
public final class OpenApiContract implements OrderedFilter {

    public static final OpenApiContract INSTANCE = new OpenApiContract();

    private final Map<String, OpenApiInteractionValidator> validators = new ConcurrentHashMap<>();
    private final Map<String, EventSchemas> eventSchemas = new ConcurrentHashMap<>();

    private OpenApiContract() {
    }

    @Override
    public int getOrder() {
        return OrderedFilter.LOWEST_PRECEDENCE;
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification responseSpec, FilterContext ctx) {
        Response response = ctx.next(request, responseSpec);
        URI uri = URI.create(request.getURI());
        String path = uri.getRawPath();
        if (!(path.startsWith("/api/") || path.startsWith("/admin/")) || "OPTIONS".equals(request.getMethod())) {
            return response;
        }
        int status = response.getStatusCode();
        boolean multipart = !request.getMultiPartParams().isEmpty();
        String origin = uri.getScheme() + "://" + uri.getRawAuthority();
        List<String> errors = mismatches(origin, multipart ? null : RestAssuredRequest.of(request),
                Request.Method.valueOf(request.getMethod()), path, RestAssuredResponse.of(response));
        if (!errors.isEmpty()) {
            throw new AssertionError("The exchange does not match /q/openapi: " + request.getMethod() + " " + path
                    + " -> " + status + "\n" + String.join("\n", errors));
        }
        return response;
    }

    /**
     * What of an exchange the document of the app at {@code origin} does not allow. The request is
     * checked when given and answered below 400; the response always.
     */
    public List<String> mismatches(String origin, Request request, Request.Method method, String path,
                                   com.atlassian.oai.validator.model.Response response) {
        int status = response.getStatus();
        ValidationReport report = request == null
                ? validator(origin).validateResponse(path, method, response)
                : validator(origin).validate(request, response);
        return report.getMessages().stream()
                .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                .filter(m -> status < 400 || status >= 500 || !m.getKey().startsWith("validation.request."))
                .filter(m -> !isNullForNullableReference(m))
                .map(ValidationReport.Message::toString)
                .toList();
    }

    /**
     * The 3.0 form of a nullable reference is {@code {allOf: [$ref], nullable: true}}; the validator
     * applies the referenced object schema to the null anyway. Only that complaint about a null is
     * dropped (so a null where an object is required goes unnoticed here; the tests assert those fields).
     */
    private static boolean isNullForNullableReference(ValidationReport.Message m) {
        if (m.getMessage().contains("Instance type (null) does not match any allowed primitive type (allowed: [\"object\"])")) {
            return true;
        }
        return m.getMessage().contains("Instance failed to match all required schemas")
                && m.getAdditionalInfo().stream().allMatch(i -> i.contains("Instance type (null)") && i.contains("[\"object\"]"));
    }

    /** Fails unless the data of every event of the stream at {@code streamUrl} is valid by the schema of its name. */
    public void assertEventsMatch(String streamUrl, List<Sse.Event> events) {
        URI uri = URI.create(streamUrl);
        String origin = uri.getScheme() + "://" + uri.getRawAuthority();
        List<String> errors = events.stream()
                .flatMap(e -> eventMismatches(origin, e.name(), e.dataJson()).stream().map(m -> "event " + e.id() + " " + e.name() + ": " + m))
                .toList();
        if (!errors.isEmpty()) {
            throw new AssertionError("Stream events do not match /q/openapi:\n" + String.join("\n", errors));
        }
    }

    /**
     * What of an event's data the document of the app at {@code origin} does not allow: the data of
     * {@code progress} is a {@code StreamProgressEvent}, of {@code done} a {@code StreamDoneEvent}, and
     * so on; an event with no such schema is a mismatch. Properties the schema does not name are too.
     */
    public List<String> eventMismatches(String origin, String event, String dataJson) {
        if (event == null || event.isEmpty()) {
            return List.of("an event without a name");
        }
        String name = "Stream" + Character.toUpperCase(event.charAt(0)) + event.substring(1) + "Event";
        return schemaMismatches(origin, name, dataJson, "event " + event);
    }

    /**
     * Fails unless {@code body}, a webhook delivery's body, is valid by the {@code WebhookEvent} schema of
     * the app at {@code origin}. Its {@code data} is checked against the schema its {@code object} names
     * (the discriminator's mapping: Generation or Export) on its own: through the {@code oneOf} the
     * validator's complaint about a nullable reference's null cannot be told from a real mismatch.
     */
    public void assertWebhookEventMatches(String origin, String body) {
        List<String> errors = new ArrayList<>(schemaMismatches(origin, "WebhookEvent", body, "webhook event").stream()
                .filter(m -> !m.startsWith("ERROR - [Path '/data"))
                .toList());
        try {
            JsonNode data = new ObjectMapper().readTree(body).path("data");
            String object = data.path("object").asText();
            String name = object.isEmpty() ? "" : Character.toUpperCase(object.charAt(0)) + object.substring(1);
            errors.addAll(schemaMismatches(origin, name, data.toString(), "webhook event's data (object " + object + ")"));
        } catch (IOException e) {
            errors.add("not JSON: " + e.getMessage());
        }
        if (!errors.isEmpty()) {
            throw new AssertionError("The webhook delivery does not match /q/openapi:\n" + String.join("\n", errors) + "\n" + body);
        }
    }

    /** What of {@code json} the schema {@code name} of the document of the app at {@code origin} does not allow. */
    private List<String> schemaMismatches(String origin, String name, String json, String what) {
        EventSchemas schemas = eventSchemas.computeIfAbsent(origin, EventSchemas::load);
        Schema<?> schema = schemas.api().getComponents().getSchemas().get(name);
        if (schema == null) {
            return List.of("no schema " + name + " describes the " + what);
        }
        return schemas.validator().validate(json, schema, name).getMessages().stream()
                .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                .filter(m -> !isNullForNullableReference(m))
                .map(ValidationReport.Message::toString)
                .toList();
    }

    /** The document as swagger-parser reads it, and the schema validator the interaction validator uses for bodies. */
    private record EventSchemas(OpenAPI api, SchemaValidator validator) {
        static EventSchemas load(String origin) {
            ParseOptions options = new ParseOptions();
            options.setResolve(true);
            OpenAPI api = new OpenApiLoader().loadApi(
                    OpenApiInteractionValidator.SpecSource.specUrl(origin + "/q/openapi?format=json"), List.of(), options);
            return new EventSchemas(api, new SchemaValidator(api, new MessageResolver()));
        }
    }

    /** One per application under test (its origin), built from the document it serves. */
    private OpenApiInteractionValidator validator(String origin) {
        return validators.computeIfAbsent(origin, o -> OpenApiInteractionValidator
                .createForSpecificationUrl(o + "/q/openapi?format=json")
                .build());
    }
}
