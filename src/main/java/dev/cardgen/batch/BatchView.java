package dev.cardgen.batch;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.core.JobError;
import dev.cardgen.export.ExportView;
import dev.cardgen.generation.GenerationView;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;
import java.util.Map;

/** The batch record (README, Batches). {@code stream_url} only in the answers of create and retry, as a token is shown once. */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record BatchView(@Schema(required = true) String id, @Schema(required = true, enumeration = "batch") String object,
                        @Schema(required = true, enumeration = {"queued", "running", "completed", "completed_with_errors", "canceled"}) String status,
                        @Schema(required = true, description = "Accepted items (refused rows are not items)") int itemsTotal,
                        @Schema(required = true) BatchCounts counts,
                        @Schema(required = true, description = "Rows refused at validation, each with its row number and field") List<ErrorBody.RowError> rejected,
                        @Schema(required = true) boolean allOrNothing,
                        @Schema(required = true) List<Target> exports,
                        @Schema(required = true, description = "Marketplace checks of the items' ready exports, per target preset") List<ChecksSummary> checks,
                        @Schema(required = true, minimum = "1", description = "1, and one more per retry; each round has its own stream") int round,
                        @Schema(required = true, nullable = true, description = "Server-Sent Events of this round; only in the answer of create and retry") String streamUrl,
                        @Schema(required = true, format = "date-time") String streamExpiresAt,
                        @Schema(required = true, format = "date-time") String createdAt,
                        @Schema(required = true, nullable = true, format = "date-time") String finishedAt) {

    @Schema(name = "BatchExport")
    public record Target(@Schema(required = true) String preset, @Schema(required = true) String format, @Schema(required = true) int width) {
    }

    @Schema(name = "BatchChecksSummary")
    public record ChecksSummary(@Schema(required = true) String preset,
                                @Schema(required = true, description = "Whether the preset's rule set is a main image's") boolean mainImage,
                                @Schema(required = true, description = "Ready exports that were checked") int checked,
                                @Schema(required = true, description = "Of those, the ones that pass every rule") int passed,
                                @Schema(required = true, description = "Failed exports per rule") Map<String, Integer> failedRules,
                                @Schema(required = true, description = "\"37 of 40 main images pass\"") String summary) {
    }

    BatchView withStreamUrl(String url) {
        return new BatchView(id, object, status, itemsTotal, counts, rejected, allOrNothing, exports, checks, round, url, streamExpiresAt,
                createdAt, finishedAt);
    }

    /** One item: its row, reference, status, its generation and exports as their own GETs show them, and its error. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    @Schema(name = "BatchItem")
    public record Item(@Schema(required = true) String id, @Schema(required = true, enumeration = "batch_item") String object,
                       @Schema(required = true) String batchId, @Schema(required = true, minimum = "1") int row,
                       @Schema(required = true, nullable = true) String reference,
                       @Schema(required = true, enumeration = {"queued", "running", "completed", "failed", "canceled"}) String status,
                       @Schema(required = true) GenerationView generation, @Schema(required = true) List<ExportView> exports,
                       @Schema(required = true, nullable = true) JobError error,
                       @Schema(required = true, format = "date-time") String createdAt,
                       @Schema(required = true, nullable = true, format = "date-time") String finishedAt) {
    }
}
