package dev.cardgen.account;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

@Entity
@Table(name = "accounts")
public class Account extends PanacheEntityBase {
    @Id
    public String id;
    public String name;
    /** Variant units per month; null means the configured default. */
    public Integer monthlyAllowance;
    public Instant createdAt;
}
