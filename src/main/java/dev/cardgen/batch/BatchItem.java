package dev.cardgen.batch;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

/** One item of a batch: its row, the client's reference, and the generation of its latest round. */
@Entity
@Table(name = "batch_items")
public class BatchItem extends OwnedEntity {
    public String batchId;
    public int rowNumber;
    public String reference;
    public String generationId;
    @Convert(converter = BatchItemState.Column.class)
    public BatchItemState state;
    public String errorCode;
    public String errorMessage;
    public Instant finishedAt;
}
