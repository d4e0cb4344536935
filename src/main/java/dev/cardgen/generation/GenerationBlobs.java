package dev.cardgen.generation;

import dev.cardgen.storage.BlobKeys;

/**
 * Where a generation's blobs live: {@code generations/{generationId}/…}, built from our own ids only.
 * The layout is part of the data format: objects already stored use it.
 */
public final class GenerationBlobs {
    private GenerationBlobs() {
    }

    /** {@code generations/{generationId}/}: everything stored for one generation. */
    public static String prefix(String generationId) {
        return "generations/" + BlobKeys.requireId(generationId) + "/";
    }

    /** The product cut-out the generation's variants are rendered from; outlives the asset. */
    public static String product(String generationId) {
        return prefix(generationId) + "product.png";
    }

    /** {@code generations/{generationId}/variants/{index}/preview.jpg}: the ≤ 800 px preview of one variant. */
    public static String preview(String generationId, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("Variant index must be >= 0: " + index);
        }
        return prefix(generationId) + "variants/" + index + "/preview.jpg";
    }
}
