package dev.cardgen.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code {"error":{"type","code","message","param"}}}; {@code param} only when one field is at fault. */
@Schema(name = "Error", description = "The body of every 4xx and 5xx answer")
public record ErrorBody(@Schema(required = true) Detail error) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @Schema(name = "ErrorDetail")
    public record Detail(@Schema(required = true, enumeration = {ErrorTypes.INVALID_REQUEST, ErrorTypes.AUTHENTICATION, ErrorTypes.PERMISSION,
                                 ErrorTypes.RATE_LIMIT, ErrorTypes.API}) String type,
                         @Schema(required = true, description = "Stable, machine-readable: resource_missing, parameter_invalid, …") String code,
                         @Schema(required = true, description = "A sentence for a person") String message,
                         @Schema(description = "The field at fault (text.facts[2]); only when one field is") String param,
                         @Schema(description = "Each refused row of a request of many rows (a batch); only then") java.util.List<RowError> rows) {
    }

    /** One row of a many-row request that was refused: its 1-based number, the field at fault, why. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "RowError")
    public record RowError(@Schema(required = true, minimum = "1") int row,
                           @Schema(required = true, nullable = true, description = "The client's reference of the row, if it gave one") String reference,
                           @Schema(required = true) String code, @Schema(required = true) String message,
                           @Schema(required = true, nullable = true) String param) {
    }

    public static ErrorBody of(String type, String code, String message, String param) {
        return new ErrorBody(new Detail(type, code, message, param, null));
    }

    public static ErrorBody of(String type, String code, String message, String param, java.util.List<RowError> rows) {
        return new ErrorBody(new Detail(type, code, message, param, rows));
    }
}
