package dev.cardgen.generation;

/**
 * A generation reached its end (completed or failed), fired in the transaction that records it, so an
 * observer's writes commit with the outcome or not at all. {@code batchId} is null outside a batch;
 * {@code errorCode} and {@code errorMessage} only for a failure.
 */
public record GenerationFinished(String generationId, String batchId, GenerationStatus status, String errorCode, String errorMessage) {
}
