package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ErrorTypes;
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
            throw new ApiException(401, ErrorTypes.AUTHENTICATION, "api_key_missing",
                    "No API key provided. Send 'Authorization: Bearer <API_KEY>'.", null);
        }
        return accountId;
    }

    public String keyId() {
        return keyId;
    }
}
