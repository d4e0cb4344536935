package dev.cardgen.api.openapi;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

import java.util.Map;

/**
 * Adds the error answers that every operation can give, so an endpoint declares only its own:
 * 400 when it takes parameters or a body, 415 when it takes a body, 401 when it needs a key, 404 when
 * it names a resource (in its path or an {@code …_id} parameter) and on every admin route, 429 (rate limit) on the public
 * API, 500 and 503 everywhere. Each is the Error body; a declared error without a body gets it too.
 */
final class CommonErrors {

    static final String ERROR_SCHEMA = "Error";

    private CommonErrors() {
    }

    static void addTo(OpenAPI api) {
        if (api.getPaths() == null || api.getPaths().getPathItems() == null) {
            return;
        }
        for (Map.Entry<String, PathItem> path : api.getPaths().getPathItems().entrySet()) {
            for (Operation op : path.getValue().getOperations().values()) {
                addTo(path.getKey(), path.getValue(), op);
            }
        }
    }

    private static void addTo(String path, PathItem item, Operation op) {
        APIResponses responses = op.getResponses() == null ? OASFactory.createAPIResponses() : op.getResponses();
        op.setResponses(responses);
        boolean hasInput = op.getRequestBody() != null || (op.getParameters() != null
                && op.getParameters().stream().anyMatch(p -> p.getIn() != org.eclipse.microprofile.openapi.models.parameters.Parameter.In.PATH))
                || (item.getParameters() != null && !item.getParameters().isEmpty());
        boolean needsKey = op.getSecurity() == null || !op.getSecurity().isEmpty();
        if (hasInput) {
            add(responses, "400", "invalid_json, parameter_missing, parameter_invalid, parameter_unknown");
        }
        if (op.getRequestBody() != null) {
            add(responses, "415", "unsupported_media_type: the body is not of a declared content type");
        }
        if (needsKey) {
            add(responses, "401", "api_key_missing, api_key_invalid (with WWW-Authenticate: Bearer)");
        }
        boolean namesResource = path.contains("{") || (op.getParameters() != null
                && op.getParameters().stream().anyMatch(p -> p.getName() != null && p.getName().endsWith("_id")));
        if (path.startsWith("/admin/")) {
            // Without cardgen.admin-token the admin API does not exist: every admin route answers 404.
            add(responses, "404", "resource_missing: no such resource, or the admin API is off (no admin token configured)");
        } else if (namesResource) {
            add(responses, "404", "resource_missing: no such resource for this key");
        }
        if (needsKey && path.startsWith("/api/")) {
            add(responses, "429", "rate_limited (with Retry-After)");
        }
        add(responses, "500", "internal_error");
        add(responses, "503", "service_unavailable: database or storage unreachable (with Retry-After)");
    }

    private static void add(APIResponses responses, String status, String description) {
        if (!responses.hasAPIResponse(status)) {
            responses.addAPIResponse(status, OASFactory.createAPIResponse().description(description));
        }
        APIResponse response = responses.getAPIResponse(status);
        // A declared error without a body (the scanner's default 400) still answers with the Error body.
        if (response.getContent() == null || response.getContent().getMediaTypes() == null || response.getContent().getMediaTypes().isEmpty()) {
            response.content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType()
                    .schema(OASFactory.createSchema().ref(ERROR_SCHEMA))));
        }
    }
}
