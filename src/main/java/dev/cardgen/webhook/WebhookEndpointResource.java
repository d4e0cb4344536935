package dev.cardgen.webhook;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.account.Caller;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.JsonBodies;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.PageRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/webhook_endpoints")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Webhook endpoints", description = "URLs that receive signed events when generations and exports finish")
public class WebhookEndpointResource {

    @Inject
    WebhookEndpoints endpoints;
    @Inject
    Caller caller;
    @Inject
    ObjectMapper json;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createWebhookEndpoint", summary = "Create a webhook endpoint",
            description = "The answer holds the signing secret (whsec_…); it is never shown again.")
    @RequestBody(content = @Content(schema = @Schema(implementation = WebhookViews.CreateEndpoint.class)))
    @APIResponse(responseCode = "201", description = "The endpoint, with its secret",
            content = @Content(schema = @Schema(implementation = WebhookViews.EndpointView.class)))
    @APIResponse(responseCode = "400", description = "invalid_json, parameter_missing, parameter_invalid, parameter_unknown, "
            + "webhook_endpoint_limit_reached", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response create(JsonNode body) {
        String account = caller.accountId();
        var req = JsonBodies.read(json, JsonBodies.object(json, body), WebhookViews.CreateEndpoint.class);
        return Response.status(201).entity(endpoints.create(account, req)).build();
    }

    @GET
    @Operation(operationId = "listWebhookEndpoints", summary = "List webhook endpoints, newest first")
    @APIResponse(responseCode = "200", description = "A page of endpoints (without secrets)")
    @APIResponse(responseCode = "400", description = "parameter_invalid (limit, starting_after)",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public ListResponse<WebhookViews.EndpointView> list(@QueryParam("limit") String limit, @QueryParam("starting_after") String startingAfter) {
        return endpoints.list(caller.accountId(), PageRequest.of(limit, startingAfter)).map(e -> WebhookEndpoints.view(e, null));
    }

    @GET
    @Path("/{endpoint_id}")
    @Operation(operationId = "getWebhookEndpoint", summary = "Read a webhook endpoint")
    @APIResponse(responseCode = "200", description = "The endpoint (without its secret)",
            content = @Content(schema = @Schema(implementation = WebhookViews.EndpointView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public WebhookViews.EndpointView get(@PathParam("endpoint_id") String id) {
        return WebhookEndpoints.view(endpoints.require(caller.accountId(), id), null);
    }

    @POST
    @Path("/{endpoint_id}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "updateWebhookEndpoint", summary = "Update a webhook endpoint",
            description = "Changes only the fields sent: url, events, description, disabled.")
    @RequestBody(content = @Content(schema = @Schema(implementation = WebhookViews.UpdateEndpoint.class)))
    @APIResponse(responseCode = "200", description = "The changed endpoint",
            content = @Content(schema = @Schema(implementation = WebhookViews.EndpointView.class)))
    @APIResponse(responseCode = "400", description = "invalid_json, parameter_invalid, parameter_unknown",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public WebhookViews.EndpointView update(@PathParam("endpoint_id") String id, JsonNode body) {
        String account = caller.accountId();
        var req = JsonBodies.read(json, JsonBodies.object(json, body), WebhookViews.UpdateEndpoint.class);
        return WebhookEndpoints.view(endpoints.update(account, id, req), null);
    }

    @DELETE
    @Path("/{endpoint_id}")
    @Operation(operationId = "deleteWebhookEndpoint", summary = "Delete a webhook endpoint",
            description = "Its pending deliveries are dropped with it.")
    @APIResponse(responseCode = "200", description = "Deleted",
            content = @Content(schema = @Schema(implementation = WebhookViews.Deleted.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public WebhookViews.Deleted delete(@PathParam("endpoint_id") String id) {
        endpoints.delete(caller.accountId(), id);
        return new WebhookViews.Deleted(id, "webhook_endpoint", true);
    }

    @GET
    @Path("/{endpoint_id}/deliveries")
    @Operation(operationId = "listWebhookDeliveries", summary = "List an endpoint's deliveries, newest first",
            description = "Each delivery with its status, attempts (time, duration, status code or error) and next attempt.")
    @APIResponse(responseCode = "200", description = "A page of deliveries")
    @APIResponse(responseCode = "400", description = "parameter_invalid (limit, starting_after)",
            content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public ListResponse<WebhookViews.DeliveryView> deliveries(@PathParam("endpoint_id") String id, @QueryParam("limit") String limit,
                                                              @QueryParam("starting_after") String startingAfter) {
        return endpoints.deliveries(caller.accountId(), id, PageRequest.of(limit, startingAfter))
                .map(d -> WebhookViews.delivery(d, json));
    }
}
