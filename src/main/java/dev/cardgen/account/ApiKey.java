package dev.cardgen.account;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/** An API key: only its SHA-256 and a short display prefix are stored. */
@Entity
@Table(name = "api_keys")
public class ApiKey extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "account_id", nullable = false)
    public String accountId;
    @Column(name = "key_hash", nullable = false)
    public String keyHash;
    @Column(nullable = false)
    public String prefix;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
    @Column(name = "revoked_at")
    public Instant revokedAt;

    public static Optional<ApiKey> findByHash(String hash) {
        return find("keyHash", hash).firstResultOptional();
    }
}
