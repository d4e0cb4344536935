package dev.cardgen.api;

/**
 * The one rule for text a client sends us: no C0 control characters (U+0000–U+001F) and no DEL.
 * PostgreSQL cannot store U+0000 at all, and the others have no business in names, ids or keys.
 * Free texts may span lines, so they alone may hold a line feed.
 */
public final class ClientStrings {
    private ClientStrings() {
    }

    /** True when {@code s} holds a control character; a line feed counts only when {@code lineFeedAllowed} is false. */
    public static boolean hasControl(String s, boolean lineFeedAllowed) {
        if (s == null) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if ((c < 0x20 || c == 0x7F) && !(lineFeedAllowed && c == '\n')) {
                return true;
            }
        }
        return false;
    }

    /** {@code value} unchanged, or 400 {@code parameter_invalid} naming {@code param} when it holds any control character. */
    public static String require(String param, String value) {
        if (hasControl(value, false)) {
            throw ApiException.invalidParam(param, param + " must not contain control characters.");
        }
        return value;
    }
}
