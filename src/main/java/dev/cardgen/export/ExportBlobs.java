package dev.cardgen.export;

import dev.cardgen.storage.BlobKeys;

import java.util.Objects;

/**
 * Where an export's file lives: {@code exports/{exportId}/{fileName}}, built from our own ids and
 * names only. The layout is part of the data format: objects already stored use it.
 */
public final class ExportBlobs {
    private ExportBlobs() {
    }

    /** {@code exports/{exportId}/{fileName}}; {@code fileName} is ours (e.g. {@code file.png}), never the user's. */
    public static String file(String exportId, String fileName) {
        Objects.requireNonNull(fileName, "fileName");
        if (fileName.contains("/")) {
            throw new IllegalArgumentException("Export file name must be a single segment: " + fileName);
        }
        return BlobKeys.requireValidKey("exports/" + BlobKeys.requireId(exportId) + "/" + fileName);
    }
}
