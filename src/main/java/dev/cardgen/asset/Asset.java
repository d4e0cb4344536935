package dev.cardgen.asset;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.awt.Rectangle;
import java.time.Instant;
import java.util.Optional;

/** A product photo. Deleted assets keep their row (generations refer to it) but lose their bytes and vanish from the API. */
@Entity
@Table(name = "assets")
public class Asset extends OwnedEntity {
    public String projectId;
    public int width;
    public int height;
    public String mimeType;
    public String originalFilename;
    public long bytes;
    public boolean subjectDetected;
    public double subjectConfidence;
    @Column(name = "subject_x")
    public int subjectX;
    @Column(name = "subject_y")
    public int subjectY;
    @Column(name = "subject_w")
    public int subjectW;
    @Column(name = "subject_h")
    public int subjectH;
    @Convert(converter = SubjectSource.Column.class)
    public SubjectSource subjectSource = SubjectSource.AUTO;
    /** The current cut-out's version: 1 at upload, one more for each mask a seller makes. */
    public int cutoutVersion = 1;
    /** The working copy is a PNG (an upload whose alpha is the mask), not a JPEG. */
    public boolean workingPng;
    public Instant deletedAt;

    public Rectangle subjectBox() {
        return new Rectangle(subjectX, subjectY, subjectW, subjectH);
    }

    /** A live asset of this account; deleted ones and other accounts' are absent alike. */
    public static Optional<Asset> findLive(String accountId, String id) {
        return find("id = ?1 and accountId = ?2 and deletedAt is null", id, accountId).firstResultOptional();
    }
}
