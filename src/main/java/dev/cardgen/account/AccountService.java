package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.core.Ids;
import dev.cardgen.core.Sha256;
import dev.cardgen.core.Times;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Accounts, their default project and their API keys. */
@ApplicationScoped
@Transactional
public class AccountService {

    public static final String KEY_PREFIX = "sk_live_";

    @Inject
    ApiKeyAuthenticator authenticator;
    @Inject
    Clock clock;

    public record IssuedKey(ApiKey key, String secret) {
    }

    public Account create(String name, Integer monthlyAllowance) {
        Instant now = Times.now(clock);
        Account account = new Account();
        account.id = Ids.next(Ids.ACCOUNT);
        account.name = name;
        account.monthlyAllowance = monthlyAllowance;
        account.createdAt = now;
        account.persist();
        Project project = new Project();
        project.id = Ids.next(Ids.PROJECT);
        project.accountId = account.id;
        project.name = "Default";
        project.isDefault = true;
        project.createdAt = now;
        project.persist();
        return account;
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public Optional<Account> find(String id) {
        return Ids.looksLike(Ids.ACCOUNT, id) ? Optional.ofNullable(Account.findById(id)) : Optional.empty();
    }

    public Account require(String id) {
        return find(id).orElseThrow(() -> ApiException.notFound("account", id));
    }

    public Account setAllowance(String id, Integer monthlyAllowance) {
        Account account = require(id);
        account.monthlyAllowance = monthlyAllowance;
        return account;
    }

    public IssuedKey issueKey(String accountId) {
        require(accountId);
        return store(accountId, KEY_PREFIX + Ids.random(32));
    }

    @Transactional(Transactional.TxType.SUPPORTS)
    public List<ApiKey> keys(String accountId) {
        require(accountId);
        return ApiKey.list("accountId = ?1 order by createdAt desc, id desc", accountId);
    }

    public ApiKey revoke(String accountId, String keyId) {
        ApiKey key = ApiKey.<ApiKey>find("id = ?1 and accountId = ?2", keyId, accountId).firstResultOptional()
                .orElseThrow(() -> ApiException.notFound("api_key", keyId));
        if (key.revokedAt == null) {
            key.revokedAt = Times.now(clock);
        }
        authenticator.forget(key.keyHash);
        return key;
    }

    /**
     * Makes sure the configured bootstrap key exists (dev mode, tests); returns its account id. Instances
     * starting at the same moment take turns (a transaction-scoped advisory lock), so only the first creates it.
     */
    public String ensureBootstrapKey(String secret) {
        io.quarkus.hibernate.orm.panache.Panache.getEntityManager()
                .createNativeQuery("SELECT 1 FROM pg_advisory_xact_lock(hashtext('cardgen.bootstrap-key'))").getSingleResult();
        return ApiKey.findByHash(Sha256.hex(secret))
                .map(k -> k.accountId)
                .orElseGet(() -> store(create("Bootstrap", null).id, secret).key().accountId);
    }

    private IssuedKey store(String accountId, String secret) {
        ApiKey key = new ApiKey();
        key.id = Ids.next(Ids.KEY);
        key.accountId = accountId;
        key.keyHash = Sha256.hex(secret);
        key.prefix = secret.substring(0, Math.min(12, secret.length()));
        key.createdAt = Times.now(clock);
        key.persist();
        return new IssuedKey(key, secret);
    }
}
