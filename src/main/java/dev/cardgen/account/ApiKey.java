package dev.cardgen.account;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

/** An API key: only its SHA-256 and a short display prefix are stored. */
@Entity
@Table(name = "api_keys")
public class ApiKey extends OwnedEntity {
    public String keyHash;
    public String prefix;
    public Instant revokedAt;

    public static Optional<ApiKey> findByHash(String hash) {
        return find("keyHash", hash).firstResultOptional();
    }
}
