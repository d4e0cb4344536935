package dev.cardgen.batch;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.account.Caller;
import dev.cardgen.api.BaseUrls;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.PageRequest;
import dev.cardgen.core.Sha256;
import dev.cardgen.idempotency.IdempotencyService;
import dev.cardgen.idempotency.JsonCreates;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.util.LinkedHashMap;
import java.util.Map;

@Path("/api/v1/batches")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Batches", description = "Many products in one request: each item an ordinary generation (and its exports)")
public class BatchResource {

    static final String ENDPOINT = "POST /api/v1/batches";

    @Inject
    BatchService batches;
    @Inject
    JsonCreates creates;
    @Inject
    IdempotencyService idempotency;
    @Inject
    Caller caller;
    @Inject
    BaseUrls baseUrls;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createBatch", summary = "Create a batch from JSON",
            description = "1 to 1,000 items, each validated on its own: bad rows are listed in rejected (row, param, code, message) and the others run, "
                    + "unless all_or_nothing. The quota of every accepted item is taken at once. The answer carries a one-time stream_url.")
    @RequestBody(content = @Content(schema = @Schema(implementation = CreateBatch.class), examples = @ExampleObject(name = "request", value = """
            {"defaults":{"template":"white","marketplace":"market4","variants":3,"exports":[{"preset":"market4-1x1","width":1200,"format":"jpeg"}]},
             "items":[{"asset_id":"ast_4fQ0b7ZyUe2xk9Lm3NcA8pWd","reference":"SKU-1001","text":{"title":"Red running sneaker"}},
                      {"asset_id":"ast_9Kd1ZyUe2xk9Lm3NcA8pWdQ0","reference":"SKU-1002","template":"bold"}]}""")))
    @APIResponse(responseCode = "202", description = "Queued; follow stream_url or poll the batch", content = @Content(schema = @Schema(implementation = BatchView.class)))
    @APIResponse(responseCode = "400", description = "invalid_json, parameter_missing, parameter_invalid (error.rows lists every refused row when all_or_nothing or when no row is left), parameter_unknown", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "idempotency_key_in_use", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "idempotency_key_reused", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "quota_exceeded (the whole batch's units), rate_limited", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response create(JsonNode body, @HeaderParam(IdempotencyService.HEADER) String idempotencyKey, @Context UriInfo uri) {
        return creates.run(ENDPOINT, body, idempotencyKey, uri, CreateBatch.class, c -> {
            CreateBatch.Plan plan = c.body().validate(CreateBatch.JSON_PARAMS);
            return Response.accepted(batches.create(c.account(), plan, CreateBatch.JSON_PARAMS, c.baseUrl())).build();
        });
    }

    @POST
    @Consumes("text/csv")
    @Operation(operationId = "createBatchFromCsv", summary = "Create a batch from CSV",
            description = "A header row naming columns (asset_id required; reference, title, subtitle, facts with | between facts, badge, template, "
                    + "marketplace, ratio, variants), then 1 to 1,000 rows. UTF-8 with or without BOM, CRLF or LF, RFC 4180 quoting. "
                    + "Defaults and exports are query parameters. A refused row names its column as param.")
    @RequestBody(content = @Content(mediaType = "text/csv", schema = @Schema(type = SchemaType.STRING), examples = @ExampleObject(name = "csv", value = """
            asset_id,reference,title,facts
            ast_4fQ0b7ZyUe2xk9Lm3NcA8pWd,SKU-1001,"Sneaker, red",Breathable mesh|Sizes 36–46
            """)))
    @APIResponse(responseCode = "202", description = "Queued", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = BatchView.class)))
    @APIResponse(responseCode = "400", description = "invalid_csv (malformed, not UTF-8, a row with another number of fields; message names the line), parameter_missing, parameter_invalid (more than 1,000 rows: param items), parameter_unknown (an unknown column)", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "quota_exceeded, rate_limited", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    public Response createFromCsv(byte[] body, @HeaderParam(IdempotencyService.HEADER) String idempotencyKey, @Context UriInfo uri,
                                  @QueryParam("template") String template, @QueryParam("marketplace") String marketplace,
                                  @QueryParam("ratio") String ratio, @QueryParam("variants") String variants,
                                  @QueryParam("locale") String locale,
                                  @QueryParam("exports") @org.eclipse.microprofile.openapi.annotations.parameters.Parameter(description = "preset[:width[:format]], comma-separated") String exports,
                                  @QueryParam("all_or_nothing") String allOrNothing) {
        String account = caller.accountId();
        String base = baseUrls.of(uri);
        BatchCsv.Query query = new BatchCsv.Query(template, marketplace, ratio, variants, locale, exports, allOrNothing);
        Map<String, Object> fingerprint = new LinkedHashMap<>();
        fingerprint.put("csv_sha256", Sha256.hex(body == null ? new byte[0] : body));
        fingerprint.put("query", query);
        return idempotency.run(account, ENDPOINT, idempotencyKey, fingerprint, () -> {
            CreateBatch.Plan plan = BatchCsv.read(body == null ? new byte[0] : body, query).validate(BatchCsv.PARAMS);
            return Response.accepted(batches.create(account, plan, BatchCsv.PARAMS, base)).build();
        });
    }

    @GET
    @Path("/{batch_id}")
    @Operation(operationId = "getBatch", summary = "Read a batch: status, counts per status, refused rows, checks summary")
    @APIResponse(responseCode = "200", description = "The batch", content = @Content(schema = @Schema(implementation = BatchView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public BatchView get(@PathParam("batch_id") String id) {
        return batches.view(caller.accountId(), id);
    }

    @GET
    @Path("/{batch_id}/items")
    @Operation(operationId = "listBatchItems", summary = "List a batch's items in row order, each with its generation, exports and error")
    public ListResponse<BatchView.Item> items(@PathParam("batch_id") String id, @QueryParam("limit") String limit,
                                              @QueryParam("starting_after") String startingAfter) {
        return batches.items(caller.accountId(), id, PageRequest.of(limit, startingAfter));
    }

    @POST
    @Path("/{batch_id}/cancel")
    @Operation(operationId = "cancelBatch", summary = "Cancel every item not ended yet", description = "Their generations fail with code canceled and their unused quota goes back; the batch ends canceled. An ended batch gives 409 batch_already_finished.")
    @APIResponse(responseCode = "200", description = "The batch, now canceled", content = @Content(schema = @Schema(implementation = BatchView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "batch_already_finished", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public BatchView cancel(@PathParam("batch_id") String id) {
        return batches.cancel(caller.accountId(), id);
    }

    @POST
    @Path("/{batch_id}/retry")
    @Operation(operationId = "retryBatch", summary = "Run the failed items of an ended batch again", description = "Each failed item gets a new generation (its quota taken at once) in a new round with its own stream_url.")
    @APIResponse(responseCode = "202", description = "The batch, running its new round", content = @Content(schema = @Schema(implementation = BatchView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "batch_not_finished, batch_canceled, batch_nothing_to_retry", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "quota_exceeded", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response retry(@PathParam("batch_id") String id) {
        return Response.accepted(batches.retry(caller.accountId(), id)).build();
    }
}
