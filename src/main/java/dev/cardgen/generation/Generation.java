package dev.cardgen.generation;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

@Entity
@Table(name = "generations")
public class Generation extends PanacheEntityBase {

    @Id
    public String id;
    @Column(name = "account_id")
    public String accountId;
    @Column(name = "project_id")
    public String projectId;
    @Column(name = "asset_id")
    public String assetId;
    @Convert(converter = GenerationStatus.Column.class)
    public GenerationStatus status;
    @Column(name = "variants_requested")
    public int variantsRequested;
    public String template;
    public String marketplace;
    public String ratio;
    /** JSON of render.Texts, after filling. */
    public String texts;
    public long seed;
    /** The asset's cut-out version when the generation was created: the mask its product is cut with. */
    @Column(name = "cutout_version")
    public int cutoutVersion = 1;
    @Column(name = "base_url")
    public String baseUrl;
    @Column(name = "quota_period")
    public String quotaPeriod;
    @Column(name = "error_code")
    public String errorCode;
    @Column(name = "error_message")
    public String errorMessage;
    @Column(name = "stream_expires_at")
    public Instant streamExpiresAt;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "started_at")
    public Instant startedAt;
    @Column(name = "completed_at")
    public Instant completedAt;

    public boolean isFinished() {
        return status.finished();
    }

    public static Optional<Generation> findOwned(String accountId, String id) {
        return find("id = ?1 and accountId = ?2", id, accountId).firstResultOptional();
    }
}
