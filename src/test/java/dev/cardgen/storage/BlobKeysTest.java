package dev.cardgen.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.asset.AssetBlobs;
import dev.cardgen.export.ExportBlobs;
import dev.cardgen.generation.GenerationBlobs;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class BlobKeysTest {

    private static final String ASSET = "ast_0123456789abcdefghijKLMN";
    private static final String GEN = "gen_ABCDEFGHIJKLMNOPQRSTUVWX";

    @Test
    void featuresBuildTheDocumentedLayout() {
        assertEquals("assets/" + ASSET + "/original", AssetBlobs.original(ASSET));
        assertEquals("assets/" + ASSET + "/working.jpg", AssetBlobs.workingCopy(ASSET));
        assertEquals("assets/" + ASSET + "/mask.png", AssetBlobs.mask(ASSET));
        assertEquals("generations/" + GEN + "/product.png", GenerationBlobs.product(GEN));
        assertEquals("generations/" + GEN + "/variants/3/preview.jpg", GenerationBlobs.preview(GEN, 3));
        assertEquals("exports/exp_0123456789abcdefghijKLMN/cards.zip", ExportBlobs.file("exp_0123456789abcdefghijKLMN", "cards.zip"));
        for (String key : AssetBlobs.all(ASSET)) {
            assertTrue(BlobKeys.isValidKey(key), key);
        }
        assertTrue(BlobKeys.isValidKey(GenerationBlobs.preview(GEN, 3)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ast_", "ast_0123456789abcdefghijKLM", "ast_0123456789abcdefghijKLMNO", "AST_0123456789abcdefghijKLMN",
            "ast-0123456789abcdefghijKLMN", "ast_0123456789abcdefghij/../", "../../../../../../../etc/passwd",
            "ast_0123456789abcdefghijKLM.", "ast_0123456789abcdefghijKL\nN", "as_0123456789abcdefghijKLMNO"})
    void rejectsAnythingButOurIds(String id) {
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.requireId(id));
        assertThrows(IllegalArgumentException.class, () -> AssetBlobs.original(id));
        assertThrows(IllegalArgumentException.class, () -> GenerationBlobs.product(id));
        assertThrows(IllegalArgumentException.class, () -> GenerationBlobs.preview(id, 0));
        assertThrows(IllegalArgumentException.class, () -> ExportBlobs.file(id, "cards.zip"));
    }

    @Test
    void rejectsNullIdsNegativeIndexesAndPathLikeFileNames() {
        assertThrows(IllegalArgumentException.class, () -> AssetBlobs.original(null));
        assertThrows(IllegalArgumentException.class, () -> GenerationBlobs.preview(GEN, -1));
        assertThrows(IllegalArgumentException.class, () -> ExportBlobs.file("exp_0123456789abcdefghijKLMN", "../x"));
        assertThrows(IllegalArgumentException.class, () -> ExportBlobs.file("exp_0123456789abcdefghijKLMN", ".."));
        assertThrows(IllegalArgumentException.class, () -> ExportBlobs.file("exp_0123456789abcdefghijKLMN", ".hidden"));
    }

    @Test
    void prefixValidationDoesNotBacktrackForever() {
        String evil = "a".repeat(400) + "!";
        assertTimeoutPreemptively(Duration.ofSeconds(2), () -> {
            assertThrows(IllegalArgumentException.class, () -> BlobKeys.requireValidPrefix(evil));
            assertFalse(BlobKeys.isValidKey(evil));
        });
    }
}
