package dev.cardgen.export;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/** One variant rendered as a file at a preset's size; {@code processing → ready | failed}. */
@Entity
@Table(name = "exports")
public class Export extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "account_id")
    public String accountId;
    @Column(name = "project_id")
    public String projectId;
    @Column(name = "generation_id")
    public String generationId;
    public int variant;
    public String preset;
    public String format;
    public int width;
    public int height;
    @Convert(converter = ExportStatus.Column.class)
    public ExportStatus status;
    @Column(name = "blob_key")
    public String blobKey;
    public Long bytes;
    @Column(name = "error_code")
    public String errorCode;
    @Column(name = "error_message")
    public String errorMessage;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "completed_at")
    public Instant completedAt;

    public boolean isReady() {
        return status == ExportStatus.READY;
    }

    public static Optional<Export> findOwned(String accountId, String id) {
        return find("id = ?1 and accountId = ?2", id, accountId).firstResultOptional();
    }
}
