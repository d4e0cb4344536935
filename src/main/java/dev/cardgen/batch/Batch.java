package dev.cardgen.batch;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

/** Many items asked for in one request; each item is an ordinary generation (README, Batches). */
@Entity
@Table(name = "batches")
public class Batch extends OwnedEntity {
    /** 1, and one more per retry: each round has its own event stream. */
    public int round = 1;
    public boolean allOrNothing;
    /** JSON of the export targets of every item: [{preset, format, width}]. */
    public String exports;
    /** JSON of the rows refused at validation: [{row, reference, code, message, param}]. */
    public String rejected;
    public String baseUrl;
    public boolean canceled;
    public Instant streamExpiresAt;
    /** When the last item of the current round ended; null while any runs. */
    public Instant finishedAt;

    /** The id of the event stream of the current round. */
    String streamId() {
        return streamId(id, round);
    }

    static String streamId(String batchId, int round) {
        return batchId + "/" + round;
    }
}
