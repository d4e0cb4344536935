package dev.cardgen.api;

/** Conditional GET: the strong entity tag of an immutable response, and whether an {@code If-None-Match} header names it. */
public final class ETags {
    private ETags() {
    }

    /** The quoted tag of what identifies the bytes, parts joined by {@code -}: {@code "gen_…-0"}. */
    public static String of(Object... parts) {
        StringBuilder tag = new StringBuilder("\"");
        for (int i = 0; i < parts.length; i++) {
            tag.append(i == 0 ? "" : "-").append(parts[i]);
        }
        return tag.append('"').toString();
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
