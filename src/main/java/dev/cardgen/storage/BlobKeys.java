package dev.cardgen.storage;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Builds blob keys from our own generated ids only, so nothing a user typed can become a path.
 * The layout is part of the data format: objects already stored use it.
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

    /** {@code assets/{assetId}/original}: the uploaded bytes as received. */
    public static String assetOriginal(String assetId) {
        return assetPrefix(assetId) + "original";
    }

    /** {@code assets/{assetId}/}: everything stored for one asset. */
    public static String assetPrefix(String assetId) {
        return "assets/" + requireId(assetId) + "/";
    }

    /** {@code generations/{genId}/variants/{index}/preview.jpg}: the ≤ 800 px preview of one variant. */
    public static String variantPreview(String generationId, int index) {
        return variantPrefix(generationId, index) + "preview.jpg";
    }

    /** {@code generations/{genId}/variants/{index}/card.png}: the full-size card of one variant. */
    public static String variantCard(String generationId, int index) {
        return variantPrefix(generationId, index) + "card.png";
    }

    /** {@code generations/{genId}/}: everything stored for one generation. */
    public static String generationPrefix(String generationId) {
        return "generations/" + requireId(generationId) + "/";
    }

    /** {@code exports/{exportId}/{fileName}}; {@code fileName} is ours (e.g. {@code cards.zip}), never the user's. */
    public static String exportFile(String exportId, String fileName) {
        Objects.requireNonNull(fileName, "fileName");
        if (fileName.contains("/")) {
            throw new IllegalArgumentException("Export file name must be a single segment: " + fileName);
        }
        return requireValidKey(exportPrefix(exportId) + fileName);
    }

    /** {@code exports/{exportId}/}. */
    public static String exportPrefix(String exportId) {
        return "exports/" + requireId(exportId) + "/";
    }

    private static String variantPrefix(String generationId, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("Variant index must be >= 0: " + index);
        }
        return generationPrefix(generationId) + "variants/" + index + "/";
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
