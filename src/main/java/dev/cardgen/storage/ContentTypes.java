package dev.cardgen.storage;

import java.util.regex.Pattern;

/** Checks content types before a store records them; a stored value is later sent as a response header. */
final class ContentTypes {

    static final String DEFAULT = "application/octet-stream";

    /** type/subtype with optional parameters, printable ASCII only, so no header can be smuggled in. */
    private static final Pattern CONTENT_TYPE = Pattern.compile("^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+(;[\\x20-\\x7e]*)?$");

    private ContentTypes() {
    }

    /** {@code null} means "unknown" and becomes {@value #DEFAULT}. */
    static String require(String contentType) {
        if (contentType == null) {
            return DEFAULT;
        }
        if (contentType.length() > 255 || !CONTENT_TYPE.matcher(contentType).matches()) {
            throw new IllegalArgumentException("Not a valid content type: " + contentType.replaceAll("[^\\x20-\\x7e]", "?"));
        }
        return contentType;
    }
}
