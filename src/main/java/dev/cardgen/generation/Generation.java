package dev.cardgen.generation;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "generations")
public class Generation extends OwnedEntity {
    public String projectId;
    public String assetId;
    @Convert(converter = GenerationStatus.Column.class)
    public GenerationStatus status;
    public int variantsRequested;
    public String template;
    public String marketplace;
    public String ratio;
    /** JSON of render.Texts, after filling. */
    public String texts;
    public long seed;
    /** The card's locale (a supported BCP 47 tag): the words filled in are in it, and Han is drawn in its forms. */
    public String locale;
    /** The asset's cut-out version when the generation was created: the mask its product is cut with. */
    public int cutoutVersion = 1;
    public String baseUrl;
    public String quotaPeriod;
    public String errorCode;
    public String errorMessage;
    public Instant streamExpiresAt;
    public Instant startedAt;
    public Instant completedAt;
    /** The batch this generation is an item of, and the client's reference for the item; null outside a batch. */
    public String batchId;
    public String reference;

    public boolean isFinished() {
        return status.finished();
    }
}
