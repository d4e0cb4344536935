package dev.cardgen.generation;

import dev.cardgen.api.Ids;

/** Blob keys of a generation, built only from its generated id and integer indexes. */
public final class GenerationBlobs {
    private GenerationBlobs() {
    }

    /** The product cut-out the generation's variants are rendered from; outlives the asset. */
    public static String product(String generationId) {
        return base(generationId) + "product.png";
    }

    public static String preview(String generationId, int index) {
        return base(generationId) + "variants/" + index + "/preview.jpg";
    }

    private static String base(String generationId) {
        if (!Ids.looksLike(Ids.GENERATION, generationId)) {
            throw new IllegalArgumentException("not a generation id");
        }
        return "generations/" + generationId + "/";
    }
}
