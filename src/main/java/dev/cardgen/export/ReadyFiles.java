package dev.cardgen.export;

import dev.cardgen.core.BoundedCache;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.Optional;

/**
 * What a download needs to know about a ready export, kept in memory: a ready export's file never
 * changes, so repeated downloads skip the database and the store's stat. Bounded; cleared when full.
 */
@ApplicationScoped
public class ReadyFiles {

    static final int MAX_ENTRIES = 10_000;

    public record ReadyFile(String id, String accountId, String blobKey, long bytes, String contentType, String fileName) {
    }

    private final BoundedCache<String, ReadyFile> files = new BoundedCache<>(MAX_ENTRIES);

    Optional<ReadyFile> get(String exportId) {
        return files.get(exportId);
    }

    /** The file of a ready export (the caller checked that it is). */
    ReadyFile of(Export e) {
        ExportFormat format = ExportFormat.parse(e.format).orElseThrow();
        return files.put(e.id, new ReadyFile(e.id, e.accountId, e.blobKey, e.bytes, format.contentType(), ExportService.fileName(e)));
    }
}
