package dev.cardgen.generation;

import dev.cardgen.storage.BlobKeys;

/** The blobs of one generation, under {@link BlobKeys#generationPrefix}. */
public final class GenerationBlobs {
    private GenerationBlobs() {
    }

    /** The product cut-out the generation's variants are rendered from; outlives the asset. */
    public static String product(String generationId) {
        return BlobKeys.generationPrefix(generationId) + "product.png";
    }

    public static String preview(String generationId, int index) {
        return BlobKeys.variantPreview(generationId, index);
    }
}
