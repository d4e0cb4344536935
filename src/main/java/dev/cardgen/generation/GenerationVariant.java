package dev.cardgen.generation;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.io.Serializable;
import java.time.Instant;
import java.util.List;

/** A ready variant: its design (JSON of render.Design) and the size of its stored preview. */
@Entity
@Table(name = "generation_variants")
public class GenerationVariant extends PanacheEntityBase {

    @Embeddable
    public record Key(@Column(name = "generation_id") String generationId, @Column(name = "idx") int index) implements Serializable {
    }

    @EmbeddedId
    public Key key;
    public String design;
    public int previewWidth;
    public int previewHeight;
    public Instant createdAt;

    public static List<GenerationVariant> of(String generationId) {
        return list("key.generationId = ?1 order by key.index", generationId);
    }
}
