package dev.cardgen.api;

/** Conditional GET: whether an {@code If-None-Match} header names the current entity tag. */
public final class ETags {
    private ETags() {
    }

    /** True for {@code *}, the tag itself, or a list containing it (weak {@code W/} forms compare equal, as RFC 9110 says for GET). */
    public static boolean matches(String etag, String ifNoneMatch) {
        if (ifNoneMatch == null || ifNoneMatch.isBlank()) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.trim();
            if (c.startsWith("W/")) {
                c = c.substring(2);
            }
            if (c.equals("*") || c.equals(etag)) {
                return true;
            }
        }
        return false;
    }
}
