package dev.cardgen.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/** Jackson's reading errors as API errors that name the field at fault ({@code text.title}, {@code text.facts[2]}). */
public final class JsonErrors {
    private JsonErrors() {
    }

    public static ApiException of(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return ApiException.invalid("parameter_unknown", "Received unknown parameter: " + Strings.clip(u.getPropertyName(), 64) + ".",
                    path(u, u.getPropertyName()));
        }
        if (e instanceof JsonMappingException m) {
            String param = path(m, null);
            if (param == null) {
                if (e.getOriginalMessage() != null && e.getOriginalMessage().startsWith("Trailing token")) {
                    return ApiException.invalid("invalid_json", "The request body must be exactly one JSON value, with nothing after it.", null);
                }
                return ApiException.invalid("invalid_json", e instanceof MismatchedInputException
                        ? "The request body must be a JSON object." : "The request body could not be read as JSON.", null);
            }
            String what = e instanceof InvalidFormatException ? "Invalid value for " : "Invalid type for ";
            return ApiException.invalidParam(param, what + param + ".");
        }
        return ApiException.invalid("invalid_json", "The request body is not valid JSON.", null);
    }

    private static String path(JsonMappingException e, String fallback) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? fallback : Strings.clip(sb.toString(), 64);
    }
}
