package dev.cardgen.export;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

/** One variant rendered as a file at a preset's size; {@code processing → ready | failed}. */
@Entity
@Table(name = "exports")
public class Export extends OwnedEntity {
    public String projectId;
    public String generationId;
    public int variant;
    public String preset;
    public String format;
    public int width;
    public int height;
    @Convert(converter = ExportStatus.Column.class)
    public ExportStatus status;
    public String blobKey;
    public Long bytes;
    /** JSON array of {@link dev.cardgen.export.checks.ExportCheck}, set with the file; {@code []} before. */
    public String checks = "[]";
    /** Source pixels per card pixel of the drawn product, set with the file; null before it was recorded or without a product. */
    public Double productScale;
    public String errorCode;
    public String errorMessage;
    public Instant completedAt;

    public boolean isReady() {
        return status == ExportStatus.READY;
    }
}
