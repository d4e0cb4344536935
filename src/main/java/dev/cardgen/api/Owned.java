package dev.cardgen.api;

import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Reading one record of the calling account by an id the client sent. An id of the wrong shape, one
 * of another account and one that never existed all answer the same 404, so ids cannot be probed;
 * the shape check also spares the database a query for ids that cannot exist.
 */
public final class Owned {
    private Owned() {
    }

    /** The record, or 404 {@code resource_missing} naming {@code id} as the parameter (a path id). */
    public static <T> T require(String what, String id, Predicate<String> validId, Function<String, Optional<T>> lookup) {
        return require(what, id, "id", validId, lookup);
    }

    /**
     * @param what    the kind, as the 404 message names it ("No such asset: …")
     * @param param   the request field that held the id, as the 404 names it
     * @param validId whether the id has the shape of this kind's ids
     * @param lookup  the account's record with this id, if any
     */
    public static <T> T require(String what, String id, String param, Predicate<String> validId,
                                Function<String, Optional<T>> lookup) {
        if (id == null || !validId.test(id)) {
            throw ApiException.notFound(what, id, param);
        }
        return lookup.apply(id).orElseThrow(() -> ApiException.notFound(what, id, param));
    }
}
