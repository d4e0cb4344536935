package dev.cardgen.account;

import dev.cardgen.core.OwnedEntity;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.util.Optional;

@Entity
@Table(name = "projects")
public class Project extends OwnedEntity {
    public String name;
    public boolean isDefault;

    public static Optional<Project> findDefault(String accountId) {
        return find("accountId = ?1 and isDefault = true", accountId).firstResultOptional();
    }
}
