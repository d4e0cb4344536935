package dev.cardgen.api;

import java.util.Map;

/** A request that ends in a documented error: status, type, code, a sentence for a person, and the field at fault. */
public class ApiException extends RuntimeException {

    private final int status;
    private final String type;
    private final String code;
    private final String param;
    private final Map<String, String> headers;
    private final java.util.List<ErrorBody.RowError> rows;

    public ApiException(int status, String type, String code, String message, String param, Map<String, String> headers) {
        this(status, type, code, message, param, headers, null);
    }

    private ApiException(int status, String type, String code, String message, String param, Map<String, String> headers,
                         java.util.List<ErrorBody.RowError> rows) {
        super(message, null, false, false);
        this.rows = rows;
        this.status = status;
        this.type = type;
        this.code = code;
        this.param = param;
        this.headers = headers;
    }

    public ApiException(int status, String type, String code, String message, String param) {
        this(status, type, code, message, param, Map.of());
    }

    public static ApiException invalid(String code, String message, String param) {
        return new ApiException(400, ErrorTypes.INVALID_REQUEST, code, message, param);
    }

    public static ApiException missingParam(String param) {
        return invalid("parameter_missing", "Missing required parameter: " + param + ".", param);
    }

    public static ApiException invalidParam(String param, String message) {
        return invalid("parameter_invalid", message, param);
    }

    public static ApiException notFound(String what, String id) {
        return notFound(what, id, "id");
    }

    /** @param param the request field that held the id: {@code id} for a path id, else the body or query field */
    public static ApiException notFound(String what, String id, String param) {
        return new ApiException(404, ErrorTypes.INVALID_REQUEST, "resource_missing",
                "No such " + what + ": '" + Strings.clip(id, 64) + "'.", param);
    }

    public static ApiException conflict(String code, String message) {
        return new ApiException(409, ErrorTypes.INVALID_REQUEST, code, message, null);
    }

    public static ApiException unprocessable(String code, String message, String param) {
        return new ApiException(422, ErrorTypes.INVALID_REQUEST, code, message, param);
    }

    public static ApiException unavailable(String message) {
        return new ApiException(503, ErrorTypes.API, "service_unavailable", message, null, Map.of("Retry-After", "5"));
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public String code() {
        return code;
    }

    public String param() {
        return param;
    }

    public Map<String, String> headers() {
        return headers;
    }

    /** This error, its body listing each refused row of a many-row request. */
    public ApiException withRows(java.util.List<ErrorBody.RowError> refused) {
        return new ApiException(status, type, code, getMessage(), param, headers, java.util.List.copyOf(refused));
    }

    public ErrorBody body() {
        return ErrorBody.of(type, code, getMessage(), param, rows);
    }
}
