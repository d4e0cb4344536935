package dev.cardgen.api;

import com.fasterxml.jackson.annotation.JsonInclude;

/** {@code {"error":{"type","code","message","param"}}}; {@code param} only when one field is at fault. */
public record ErrorBody(Detail error) {

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Detail(String type, String code, String message, String param) {
    }

    public static ErrorBody of(String type, String code, String message, String param) {
        return new ErrorBody(new Detail(type, code, message, param));
    }
}
