package dev.cardgen.testing;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.RestAssuredRequest;
import com.atlassian.oai.validator.restassured.RestAssuredResponse;
import io.restassured.filter.FilterContext;
import io.restassured.filter.OrderedFilter;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks every request and response a rest-assured test makes against the OpenAPI document the
 * application under test serves, so the document cannot drift from the code. Installed for every
 * {@code @QuarkusTest} by {@link OpenApiContractCallback}.
 * <p>
 * Requests that the service rejected (4xx) are often wrong on purpose (unknown routes included), so
 * only their responses are checked; everything else must match. Routes outside the API ({@code /q/…}) are not described.
 */
public final class OpenApiContract implements OrderedFilter {

    public static final OpenApiContract INSTANCE = new OpenApiContract();

    private final Map<String, OpenApiInteractionValidator> validators = new ConcurrentHashMap<>();

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
        if (uri.getPath().startsWith("/q/")) {
            return response;
        }
        int status = response.getStatusCode();
        // The validator does not read multipart bodies (the upload): only the response is checked.
        boolean multipart = !request.getMultiPartParams().isEmpty();
        ValidationReport report = multipart
                ? validator(uri).validateResponse(uri.getPath(), Request.Method.valueOf(request.getMethod()), RestAssuredResponse.of(response))
                : validator(uri).validate(RestAssuredRequest.of(request), RestAssuredResponse.of(response));
        List<ValidationReport.Message> errors = report.getMessages().stream()
                .filter(m -> m.getLevel() == ValidationReport.Level.ERROR)
                .filter(m -> status < 400 || !m.getKey().startsWith("validation.request."))
                .filter(m -> !isNullForNullableReference(m))
                .toList();
        if (!errors.isEmpty()) {
            throw new AssertionError("The exchange does not match /q/openapi: " + request.getMethod() + " " + uri.getPath()
                    + " -> " + status + "\n" + String.join("\n", errors.stream().map(ValidationReport.Message::toString).toList()));
        }
        return response;
    }

    /**
     * The 3.0 form of a nullable reference is {@code {allOf: [$ref], nullable: true}}; the validator
     * applies the referenced object schema to the null anyway. Its complaints about a null object are
     * dropped (so a null where an object is required goes unnoticed here; the tests assert those fields).
     */
    private static boolean isNullForNullableReference(ValidationReport.Message m) {
        if (m.getMessage().contains("Instance type (null) does not match any allowed primitive type (allowed: [\"object\"])")) {
            return true;
        }
        return m.getMessage().contains("Instance failed to match all required schemas")
                && m.getAdditionalInfo().stream().allMatch(i -> i.contains("Instance type (null)") && i.contains("[\"object\"]"));
    }

    private OpenApiInteractionValidator validator(URI uri) {
        String origin = uri.getScheme() + "://" + uri.getAuthority();
        return validators.computeIfAbsent(origin, o -> OpenApiInteractionValidator
                .createForSpecificationUrl(o + "/q/openapi?format=json")
                .build());
    }
}
