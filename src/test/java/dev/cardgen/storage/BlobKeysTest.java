package dev.cardgen.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BlobKeysTest {

    private static final String ASSET = "ast_0123456789abcdefghijKLMN";
    private static final String GEN = "gen_ABCDEFGHIJKLMNOPQRSTUVWX";

    @Test
    void buildsTheDocumentedLayout() {
        assertEquals("assets/" + ASSET + "/original", BlobKeys.assetOriginal(ASSET));
        assertEquals("generations/" + GEN + "/variants/3/preview.jpg", BlobKeys.variantPreview(GEN, 3));
        assertEquals("generations/" + GEN + "/variants/0/card.png", BlobKeys.variantCard(GEN, 0));
        assertEquals("exports/exp_0123456789abcdefghijKLMN/cards.zip", BlobKeys.exportFile("exp_0123456789abcdefghijKLMN", "cards.zip"));
        assertTrue(BlobKeys.isValidKey(BlobKeys.variantPreview(GEN, 3)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ast_", "ast_0123456789abcdefghijKLM", "ast_0123456789abcdefghijKLMNO", "AST_0123456789abcdefghijKLMN",
            "ast-0123456789abcdefghijKLMN", "ast_0123456789abcdefghij/../", "../../../../../../../etc/passwd",
            "ast_0123456789abcdefghijKLM.", "ast_0123456789abcdefghijKL\nN", "as_0123456789abcdefghijKLMNO"})
    void rejectsAnythingButOurIds(String id) {
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.assetOriginal(id));
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.variantPreview(id, 0));
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.exportFile(id, "cards.zip"));
    }

    @Test
    void rejectsNullIdsNegativeIndexesAndPathLikeFileNames() {
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.assetOriginal(null));
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.variantPreview(GEN, -1));
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.exportFile("exp_0123456789abcdefghijKLMN", "../x"));
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.exportFile("exp_0123456789abcdefghijKLMN", ".."));
        assertThrows(IllegalArgumentException.class, () -> BlobKeys.exportFile("exp_0123456789abcdefghijKLMN", ".hidden"));
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
