package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.YearMonth;
import java.time.ZoneOffset;

/**
 * The monthly generation allowance in variant units (README, Quota). Taking units is one
 * conditional upsert, so concurrent requests can never overdraw it.
 */
@ApplicationScoped
public class QuotaService {

    @Inject
    EntityManager em;
    @Inject
    QuotaConfig config;
    @Inject
    Clock clock;

    /** The month whose allowance a generation created now draws on, in UTC ({@code 2026-11}). */
    public String currentPeriod() {
        return YearMonth.from(clock.instant().atOffset(ZoneOffset.UTC)).toString();
    }

    /** Takes {@code units} in the caller's transaction, or throws 429 quota_exceeded. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void take(String accountId, String period, int units) {
        Account account = Account.findById(accountId);
        int allowance = account.monthlyAllowance != null ? account.monthlyAllowance : config.monthlyVariants();
        int updated = units > allowance ? 0 : em.createNativeQuery(
                        "INSERT INTO quota_usage (account_id, period, used) VALUES (?1, ?2, ?3) "
                                + "ON CONFLICT (account_id, period) DO UPDATE SET used = quota_usage.used + EXCLUDED.used "
                                + "WHERE quota_usage.used + EXCLUDED.used <= ?4")
                .setParameter(1, accountId).setParameter(2, period).setParameter(3, units).setParameter(4, allowance)
                .executeUpdate();
        if (updated == 0) {
            throw new ApiException(429, ErrorTypes.RATE_LIMIT, "quota_exceeded",
                    "This request needs " + units + " generation unit(s) and the monthly allowance of " + allowance
                            + " would be exceeded. It renews on the first day of next month (UTC).", null);
        }
    }

    /** Gives back units of variants that were never produced. */
    @Transactional(Transactional.TxType.REQUIRED)
    public void refund(String accountId, String period, int units) {
        if (units <= 0) {
            return;
        }
        em.createNativeQuery("UPDATE quota_usage SET used = GREATEST(0, used - ?1) WHERE account_id = ?2 AND period = ?3")
                .setParameter(1, units).setParameter(2, accountId).setParameter(3, period).executeUpdate();
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public int used(String accountId, String period) {
        var rows = em.createNativeQuery("SELECT used FROM quota_usage WHERE account_id = ?1 AND period = ?2")
                .setParameter(1, accountId).setParameter(2, period).getResultList();
        return rows.isEmpty() ? 0 : ((Number) rows.get(0)).intValue();
    }
}
