package dev.cardgen.account;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;
import java.util.Optional;

@Entity
@Table(name = "projects")
public class Project extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "account_id", nullable = false)
    public String accountId;
    @Column(nullable = false)
    public String name;
    @Column(name = "is_default", nullable = false)
    public boolean isDefault;
    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    public static Optional<Project> findOwned(String accountId, String id) {
        return find("id = ?1 and accountId = ?2", id, accountId).firstResultOptional();
    }

    public static Optional<Project> findDefault(String accountId) {
        return find("accountId = ?1 and isDefault = true", accountId).firstResultOptional();
    }
}
