package dev.cardgen.storage;

import java.util.regex.Pattern;

/**
 * The rules every blob key follows, so nothing a user typed can become a path: ids of our own shape
 * and plain segments. Each feature builds its own keys from them (AssetBlobs, GenerationBlobs,
 * ExportBlobs); every store checks a key with {@link #requireValidKey} before using it.
 */
public final class BlobKeys {

    /** Our ids: a three-letter type prefix and 24 random base62 characters, e.g. {@code ast_3kTMd...}. */
    public static final Pattern ID = Pattern.compile("^[a-z]{3}_[A-Za-z0-9]{24}$");

    /**
     * Segments of letters, digits, '_', '.', '-' joined by single '/'. A segment may not start with
     * '.', which rules out ".." and "." and leaves dot-names free for a store's own files
     * (temp files, metadata sidecars). Upper case is allowed because ids are base62.
     */
    private static final Pattern KEY = Pattern.compile("^[A-Za-z0-9_][A-Za-z0-9_.-]*(/[A-Za-z0-9_][A-Za-z0-9_.-]*)*$");

    /** Like a key, but may be empty and may end with '/'. Each '/' closes a segment, so matching cannot backtrack badly. */
    private static final Pattern PREFIX = Pattern.compile(
            "^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*/)*(?:[A-Za-z0-9_][A-Za-z0-9_.-]*)?$");

    private static final int MAX_KEY_LENGTH = 512;

    private BlobKeys() {
    }

    /** Returns {@code id} if it has our id shape, else throws {@link IllegalArgumentException}. */
    public static String requireId(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw new IllegalArgumentException("Not a valid id: " + abbreviate(id));
        }
        return id;
    }

    public static boolean isValidKey(String key) {
        return key != null && key.length() <= MAX_KEY_LENGTH && KEY.matcher(key).matches();
    }

    /** Returns {@code key} if every store may use it, else throws {@link IllegalArgumentException}. */
    public static String requireValidKey(String key) {
        if (!isValidKey(key)) {
            throw new IllegalArgumentException("Not a valid blob key: " + abbreviate(key));
        }
        return key;
    }

    /** Returns {@code prefix} if it is a valid key prefix ("" lists everything), else throws. */
    public static String requireValidPrefix(String prefix) {
        if (prefix == null || prefix.length() > MAX_KEY_LENGTH || !PREFIX.matcher(prefix).matches()) {
            throw new IllegalArgumentException("Not a valid blob key prefix: " + abbreviate(prefix));
        }
        return prefix;
    }

    private static String abbreviate(String s) {
        if (s == null) {
            return "null";
        }
        return s.length() <= 80 ? "'" + s + "'" : "'" + s.substring(0, 80) + "...'";
    }
}
