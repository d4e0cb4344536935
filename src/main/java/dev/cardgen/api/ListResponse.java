package dev.cardgen.api;

import java.util.List;

/** {@code {"object":"list","data":[…],"has_more":bool}}. */
public record ListResponse<T>(String object, List<T> data, boolean hasMore) {
    public static <T> ListResponse<T> of(List<T> data, boolean hasMore) {
        return new ListResponse<>("list", data, hasMore);
    }
}
