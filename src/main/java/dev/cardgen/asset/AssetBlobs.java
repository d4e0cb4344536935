package dev.cardgen.asset;

import dev.cardgen.core.Ids;
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

    /** The working copy of {@code asset}: a lossless PNG where the upload's alpha is the mask, else the JPEG. */
    public static String workingCopy(Asset asset) {
        return workingCopy(asset.id, asset.workingPng);
    }

    public static String workingCopy(String assetId, boolean png) {
        return png ? prefix(assetId) + "working.png" : workingCopy(assetId);
    }

    /** The first subject mask over the working copy (greyscale PNG), made at upload. */
    public static String mask(String assetId) {
        return mask(assetId, 1);
    }

    /** The mask of cut-out {@code version} (1: the upload's, kept at its old key; then mask-v2.png, …). */
    public static String mask(String assetId, int version) {
        if (version < 1) {
            throw new IllegalArgumentException("cut-out versions start at 1");
        }
        return prefix(assetId) + (version == 1 ? "mask.png" : "mask-v" + version + ".png");
    }

    /**
     * The cut-out of version {@code version} at the original's resolution, made at its first request
     * and kept (a version never changes); deleted with the asset's prefix.
     */
    public static String fullCutout(String assetId, int version) {
        if (version < 1) {
            throw new IllegalArgumentException("cut-out versions start at 1");
        }
        return prefix(assetId) + "cutout-full-v" + version + ".png";
    }

    /** The keys one upload writes: its original, its working copy and its first mask. */
    public record UploadKeys(String original, String workingCopy, String mask) {
        public List<String> all() {
            return List.of(original, workingCopy, mask);
        }
    }

    /** The keys of an upload whose working copy is a PNG ({@code png}, its alpha is the mask) or a JPEG. */
    public static UploadKeys upload(String assetId, boolean png) {
        return new UploadKeys(original(assetId), workingCopy(assetId, png), mask(assetId));
    }

    /** What an upload may store; an asset's later masks are found by listing its {@link #prefix}. */
    public static List<String> all(String assetId) {
        return List.of(original(assetId), workingCopy(assetId), workingCopy(assetId, true), mask(assetId));
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
