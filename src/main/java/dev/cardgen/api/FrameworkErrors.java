package dev.cardgen.api;

import java.util.Map;

/** Errors that the HTTP layer raises before a resource runs, shared by the JAX-RS mappers and the Vert.x handlers. */
public final class FrameworkErrors {
    private FrameworkErrors() {
    }

    /** 413 quoting {@code limitBytes}, the limit the refused body passed. */
    public static ApiException bodyTooLarge(long limitBytes) {
        return new ApiException(413, ErrorTypes.INVALID_REQUEST, "file_too_large",
                "The request body is larger than the " + ByteSizes.readable(limitBytes) + " limit.", null);
    }

    public static ApiException internal() {
        return new ApiException(500, ErrorTypes.API, "internal_error",
                "Something went wrong on our side. Retry, and tell us the X-Request-Id if it persists.", null);
    }

    public static ApiException unknownRoute() {
        return new ApiException(404, ErrorTypes.INVALID_REQUEST, "resource_missing", "Unrecognized request URL.", null);
    }

    /** 405; {@code allow} (comma-separated methods) becomes the {@code Allow} header when known. */
    public static ApiException methodNotAllowed(String allow) {
        return new ApiException(405, ErrorTypes.INVALID_REQUEST, "method_not_allowed", "This URL does not accept that HTTP method.", null,
                allow == null || allow.isEmpty() ? Map.of() : Map.of("Allow", allow));
    }

    public static ApiException malformedBody() {
        return ApiException.invalid("parameter_invalid", "The request body could not be parsed.", null);
    }
}
