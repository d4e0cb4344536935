package dev.cardgen.account;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.ClientStrings;
import dev.cardgen.api.ListResponse;
import dev.cardgen.core.Times;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.List;

/** Operator API: accounts and their keys. Guarded by {@code cardgen.admin-token} ({@link AdminAuthFilter}). */
@Path("/admin/v1/accounts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Admin", description = "Accounts and API keys; needs the admin token")
public class AdminResource {

    @Inject
    AccountService accounts;

    public record CreateAccount(@Schema(required = true, maxLength = 200) String name, @Schema(minimum = "0", nullable = true) Integer monthlyAllowance) {
    }

    public record UpdateAccount(@Schema(minimum = "0", nullable = true, description = "null = the configured default") Integer monthlyAllowance) {
    }

    public record AccountView(@Schema(required = true) String id, @Schema(required = true, enumeration = "account") String object,
                              @Schema(required = true) String name, @Schema(required = true, nullable = true) Integer monthlyAllowance,
                              @Schema(required = true) String defaultProjectId, @Schema(required = true, format = "date-time") String createdAt) {
        static AccountView of(Account a) {
            String project = Project.findDefault(a.id).map(p -> p.id).orElse(null);
            return new AccountView(a.id, "account", a.name, a.monthlyAllowance, project, Times.iso(a.createdAt));
        }
    }

    @Schema(name = "ApiKey")
    public record KeyView(@Schema(required = true) String id, @Schema(required = true, enumeration = "api_key") String object,
                          @Schema(required = true) String accountId, @Schema(required = true) String prefix,
                          @Schema(required = true, nullable = true, description = "Only in the answer that issued the key") String secret,
                          @Schema(required = true, format = "date-time") String createdAt,
                          @Schema(required = true, nullable = true, format = "date-time") String revokedAt) {
        static KeyView of(ApiKey k, String secret) {
            return new KeyView(k.id, "api_key", k.accountId, k.prefix, secret, Times.iso(k.createdAt), Times.iso(k.revokedAt));
        }
    }

    @POST
    @Operation(operationId = "createAccount", summary = "Create an account with its default project")
    @APIResponse(responseCode = "201", description = "The new account", content = @Content(schema = @Schema(implementation = AccountView.class)))
    public Response create(CreateAccount body) {
        String name = ClientStrings.name("name", body == null ? null : body.name());
        checkAllowance(body.monthlyAllowance());
        return Response.status(201).entity(AccountView.of(accounts.create(name, body.monthlyAllowance()))).build();
    }

    @GET
    @Path("/{account_id}")
    @Operation(operationId = "getAccount", summary = "Read an account")
    public AccountView get(@PathParam("account_id") String id) {
        return AccountView.of(accounts.require(id));
    }

    @POST
    @Path("/{account_id}")
    @Operation(operationId = "updateAccount", summary = "Change an account's monthly allowance (null = the configured default)")
    public AccountView update(@PathParam("account_id") String id, UpdateAccount body) {
        checkAllowance(body == null ? null : body.monthlyAllowance());
        return AccountView.of(accounts.setAllowance(id, body == null ? null : body.monthlyAllowance()));
    }

    @POST
    @Path("/{account_id}/keys")
    @Operation(operationId = "issueApiKey", summary = "Issue an API key; the secret is in this response only")
    @APIResponse(responseCode = "201", description = "The new key, with its secret", content = @Content(schema = @Schema(implementation = KeyView.class)))
    public Response issueKey(@PathParam("account_id") String accountId) {
        AccountService.IssuedKey issued = accounts.issueKey(accountId);
        return Response.status(201).entity(KeyView.of(issued.key(), issued.secret())).build();
    }

    @GET
    @Path("/{account_id}/keys")
    @Operation(operationId = "listApiKeys", summary = "List an account's keys (display prefix only)")
    public ListResponse<KeyView> keys(@PathParam("account_id") String accountId) {
        List<KeyView> keys = accounts.keys(accountId).stream().map(k -> KeyView.of(k, null)).toList();
        return ListResponse.of(keys, false);
    }

    @DELETE
    @Path("/{account_id}/keys/{key_id}")
    @Operation(operationId = "revokeApiKey", summary = "Revoke a key; it stops working at once")
    public KeyView revoke(@PathParam("account_id") String accountId, @PathParam("key_id") String keyId) {
        return KeyView.of(accounts.revoke(accountId, keyId), null);
    }

    private static void checkAllowance(Integer allowance) {
        if (allowance != null && allowance < 0) {
            throw ApiException.invalidParam("monthly_allowance", "monthly_allowance must be zero or more.");
        }
    }
}
