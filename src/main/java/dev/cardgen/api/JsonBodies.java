package dev.cardgen.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Reading a POST's JSON body into a request type, with the documented 400s for what does not fit. */
public final class JsonBodies {

    private JsonBodies() {
    }

    /** The body as a JSON object: none (or {@code null}) is an empty one; an array or a scalar is 400 {@code invalid_json}. */
    public static JsonNode object(ObjectMapper json, JsonNode body) {
        JsonNode request = body == null || body.isNull() ? json.createObjectNode() : body;
        if (!request.isObject()) {
            throw ApiException.invalid("invalid_json", "The request body must be a JSON object.", null);
        }
        return request;
    }

    /** {@code request} bound to {@code type}; unknown, missing or mistyped fields become the 400s of {@link JsonErrors}. */
    public static <T> T read(ObjectMapper json, JsonNode request, Class<T> type) {
        try {
            return json.treeToValue(request, type);
        } catch (JsonProcessingException e) {
            throw JsonErrors.of(e);
        }
    }
}
