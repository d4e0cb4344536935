package dev.cardgen.asset;

import dev.cardgen.api.Ids;
import dev.cardgen.storage.BlobKeys;

import java.util.List;

/**
 * Where an asset's blobs live: {@code assets/{assetId}/…}, built from our own ids only. The layout is
 * part of the data format: objects already stored use it.
 */
public final class AssetBlobs {
    public static final String PREFIX = "assets/";

    private AssetBlobs() {
    }

    /** {@code assets/{assetId}/}: everything stored for one asset. */
    public static String prefix(String assetId) {
        return PREFIX + BlobKeys.requireId(assetId) + "/";
    }

    /** {@code assets/{assetId}/original}: the uploaded bytes as received. */
    public static String original(String assetId) {
        return prefix(assetId) + "original";
    }

    /** Decoded, oriented, sRGB, bounded copy the render engine works on (JPEG). */
    public static String workingCopy(String assetId) {
        return prefix(assetId) + "working.jpg";
    }

    /** The subject mask over the working copy (greyscale PNG). */
    public static String mask(String assetId) {
        return prefix(assetId) + "mask.png";
    }

    public static List<String> all(String assetId) {
        return List.of(original(assetId), workingCopy(assetId), mask(assetId));
    }

    /** The asset id in a key under {@link #PREFIX}, or null. */
    public static String assetIdOf(String key) {
        if (!key.startsWith(PREFIX)) {
            return null;
        }
        int slash = key.indexOf('/', PREFIX.length());
        String id = slash < 0 ? key.substring(PREFIX.length()) : key.substring(PREFIX.length(), slash);
        return Ids.looksLike(Ids.ASSET, id) ? id : null;
    }
}
