package dev.cardgen.asset;

import dev.cardgen.api.Ids;

import java.util.List;

/** Blob keys of an asset, built only from its generated id. */
public final class AssetBlobs {
    public static final String PREFIX = "assets/";

    private AssetBlobs() {
    }

    public static String original(String assetId) {
        return base(assetId) + "original";
    }

    /** Decoded, oriented, sRGB, bounded copy the render engine works on (JPEG). */
    public static String workingCopy(String assetId) {
        return base(assetId) + "working.jpg";
    }

    /** The subject mask over the working copy (greyscale PNG). */
    public static String mask(String assetId) {
        return base(assetId) + "mask.png";
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

    private static String base(String assetId) {
        if (!Ids.looksLike(Ids.ASSET, assetId)) {
            throw new IllegalArgumentException("not an asset id");
        }
        return PREFIX + assetId + "/";
    }
}
