package dev.cardgen.api.openapi;

import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

import java.util.Map;

/**
 * Adds the error answers that every operation can give, so an endpoint declares only its own:
 * 400 when it takes parameters or a body, 401 when it needs a key, 404 when its path names a
 * resource, 429 (rate limit) on the public API, 500 and 503 everywhere. Each is the Error body.
 * A response the endpoint already declares is left as it is.
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
        if (needsKey) {
            add(responses, "401", "api_key_missing, api_key_invalid (with WWW-Authenticate: Bearer)");
        }
        if (path.contains("{")) {
            add(responses, "404", "resource_missing: no such resource for this key");
        }
        if (needsKey && path.startsWith("/api/")) {
            add(responses, "429", "rate_limited (with Retry-After)");
        }
        add(responses, "500", "internal_error");
        add(responses, "503", "service_unavailable: database or storage unreachable (with Retry-After)");
    }

    private static void add(APIResponses responses, String status, String description) {
        if (responses.hasAPIResponse(status)) {
            return;
        }
        responses.addAPIResponse(status, OASFactory.createAPIResponse().description(description)
                .content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType()
                        .schema(OASFactory.createSchema().ref(ERROR_SCHEMA)))));
    }
}
