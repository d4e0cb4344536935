package dev.cardgen.export;

/** An export became ready or failed, fired in the transaction that records it (observers' writes commit with it). */
public record ExportFinished(String exportId, String generationId, ExportStatus status) {
}
