package dev.cardgen.api;

/**
 * The one rule for text a client sends us: no C0 control characters (U+0000–U+001F) and no DEL.
 * PostgreSQL cannot store U+0000 at all, and the others have no business in names, ids or keys.
 * Free texts may span lines, so they alone may hold a line feed.
 */
public final class ClientStrings {
    public static final int MAX_NAME = 200;

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

    /**
     * A required name (an account's, a project's), trimmed: 400 {@code parameter_missing} when absent or
     * blank, {@code parameter_invalid} when longer than {@link #MAX_NAME} characters or holding a control character.
     */
    public static String name(String param, String value) {
        if (Strings.isBlank(value)) {
            throw ApiException.missingParam(param);
        }
        if (value.length() > MAX_NAME) {
            throw ApiException.invalidParam(param, param + " must be at most " + MAX_NAME + " characters.");
        }
        return require(param, value).trim();
    }
}
