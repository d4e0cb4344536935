package dev.cardgen.asset;

import dev.cardgen.api.Ids;
import dev.cardgen.storage.BlobKeys;

import java.util.List;

/** The blobs of one asset, under {@link BlobKeys#assetPrefix}. */
public final class AssetBlobs {
    public static final String PREFIX = "assets/";

    private AssetBlobs() {
    }

    public static String original(String assetId) {
        return BlobKeys.assetOriginal(assetId);
    }

    /** Decoded, oriented, sRGB, bounded copy the render engine works on (JPEG). */
    public static String workingCopy(String assetId) {
        return BlobKeys.assetPrefix(assetId) + "working.jpg";
    }

    /** The subject mask over the working copy (greyscale PNG). */
    public static String mask(String assetId) {
        return BlobKeys.assetPrefix(assetId) + "mask.png";
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
