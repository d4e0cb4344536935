package dev.cardgen.api;

/** The {@code error.type} values of the README's error table. */
public final class ErrorTypes {
    public static final String INVALID_REQUEST = "invalid_request_error";
    public static final String AUTHENTICATION = "authentication_error";
    public static final String PERMISSION = "permission_error";
    public static final String RATE_LIMIT = "rate_limit_error";
    public static final String API = "api_error";

    private ErrorTypes() {
    }
}
