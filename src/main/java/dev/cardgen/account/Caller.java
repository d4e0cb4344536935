package dev.cardgen.account;

import jakarta.enterprise.context.RequestScoped;

/** Who is calling: set by {@link ApiKeyAuthFilter} for every authenticated {@code /api/v1} request. */
@RequestScoped
public class Caller {
    private String accountId;
    private String keyId;

    void authenticate(String accountId, String keyId) {
        this.accountId = accountId;
        this.keyId = keyId;
    }

    public boolean isAuthenticated() {
        return accountId != null;
    }

    /** The caller's account; fails with 401 when the request carried no valid key. */
    public String accountId() {
        if (accountId == null) {
            throw ApiKeyAuthFilter.keyMissing();
        }
        return accountId;
    }

    public String keyId() {
        return keyId;
    }
}
