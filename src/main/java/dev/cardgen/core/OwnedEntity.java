package dev.cardgen.core;

import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

import java.time.Instant;
import java.util.Optional;

/**
 * A row that belongs to one account: its prefixed id ({@link Ids}), the owning account and when it
 * was made. Columns are named by the physical naming strategy (snake_case of the field), as the
 * migrations name them.
 */
@MappedSuperclass
public abstract class OwnedEntity extends PanacheEntityBase {
    @Id
    public String id;
    public String accountId;
    public Instant createdAt;

    /** The row of {@code type} with this id when it belongs to the account; another account's is absent alike. */
    public static <T extends OwnedEntity> Optional<T> findOwned(Class<T> type, String accountId, String id) {
        return Optional.ofNullable(Panache.getEntityManager(type).find(type, id)).filter(row -> row.accountId.equals(accountId));
    }
}
