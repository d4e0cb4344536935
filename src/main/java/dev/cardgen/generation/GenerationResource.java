package dev.cardgen.generation;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.account.Caller;
import dev.cardgen.api.ETags;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.PageRequest;
import dev.cardgen.api.UrlSigner;
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
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/generations")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Generations", description = "Card variants made from an asset, asynchronously")
public class GenerationResource {

    @Inject
    GenerationService generations;
    @Inject
    JsonCreates creates;
    @Inject
    Caller caller;
    @Inject
    UrlSigner signer;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createGeneration", summary = "Create a generation", description = "Answers at once with status queued and a one-time stream_url, valid until stream_expires_at (15 minutes by default). Without locale in the body and without a language its texts tell, the request's Accept-Language picks the card's locale.")
    @RequestBody(content = @Content(schema = @Schema(implementation = CreateGeneration.class), examples = @ExampleObject(name = "request", value = """
            {"asset_id":"ast_4fQ0b7ZyUe2xk9Lm3NcA8pWd","template":"studio","marketplace":"market1","variants":3,
             "text":{"title":"Red running sneaker","facts":["Breathable mesh","Sizes 36–46"],"badge":"NEW"}}""")))
    @APIResponse(responseCode = "202", description = "Queued; follow stream_url or poll the generation", content = @Content(schema = @Schema(implementation = GenerationView.Created.class), examples = @ExampleObject(name = "queued", value = """
            {"id":"gen_Q2w3E4r5T6y7U8i9O0pAsDfG","object":"generation","status":"queued","variants_requested":3,
             "stream_url":"https://api.example.com/api/v1/render-stream/3q2-…","stream_expires_at":"2026-11-22T10:15:00Z","created_at":"2026-11-22T10:00:00Z"}""")))
    @APIResponse(responseCode = "400", description = "invalid_json, parameter_missing, parameter_invalid (a field, or texts of unusually wide letters that would not fit the smallest card: param names the widest field), parameter_unknown", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "asset_id not found", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "idempotency_key_in_use; subject_not_detected (template white on an asset without a detected product)", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "idempotency_key_reused, unsupported_characters (a text field holds characters no bundled font can draw; param names it), locale_unsupported (locale is no BCP 47 tag or no supported locale; param locale)", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "429", description = "quota_exceeded, rate_limited", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response create(JsonNode body, @HeaderParam(IdempotencyService.HEADER) String idempotencyKey, @Context UriInfo uri,
                           @Context HttpHeaders headers) {
        // Accept-Language is read from the headers, not declared: a declared header would be a new
        // argument of every generated client's createGeneration, and clients send it anyway.
        String acceptLanguage = headers.getHeaderString(HttpHeaders.ACCEPT_LANGUAGE);
        return creates.run("POST /api/v1/generations", body, idempotencyKey, uri, CreateGeneration.class,
                c -> Response.accepted(generations.create(c.account(), c.body().validate(), c.baseUrl(), acceptLanguage)).build());
    }

    @GET
    @Operation(operationId = "listGenerations", summary = "List generations, newest first")
    public ListResponse<GenerationView> list(@QueryParam("limit") String limit, @QueryParam("starting_after") String startingAfter,
                                             @QueryParam("project_id") String projectId, @QueryParam("asset_id") String assetId,
                                             @QueryParam("status") @Parameter(schema = @Schema(enumeration = {"queued", "running", "completed", "failed"})) String status) {
        return generations.list(caller.accountId(), projectId, assetId, status, PageRequest.of(limit, startingAfter)).map(generations::view);
    }

    @GET
    @Path("/{generation_id}")
    @Operation(operationId = "getGeneration", summary = "Read a generation: status, ready variants, texts used, error")
    @APIResponse(responseCode = "200", description = "The generation", content = @Content(schema = @Schema(implementation = GenerationView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public GenerationView get(@PathParam("generation_id") String id) {
        return generations.viewOwned(caller.accountId(), id);
    }

    @POST
    @Path("/{generation_id}/cancel")
    @Operation(operationId = "cancelGeneration", summary = "Cancel a queued or running generation", description = "It ends as failed with code canceled; a finished one gives 409 generation_already_finished.")
    @APIResponse(responseCode = "200", description = "The generation, now failed with code canceled", content = @Content(schema = @Schema(implementation = GenerationView.class)))
    @APIResponse(responseCode = "409", description = "generation_already_finished", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public GenerationView cancel(@PathParam("generation_id") String id) {
        return generations.view(generations.cancel(caller.accountId(), id));
    }

    @GET
    @Path("/{generation_id}/variants/{index}/preview")
    @Produces("image/jpeg")
    @SecurityRequirementsSet(@SecurityRequirement(name = "apiKey"))
    @SecurityRequirementsSet
    @Operation(operationId = "getVariantPreview", summary = "A variant's preview (≤ 800 px)", description = "With a Bearer key, or without one through the signed preview_url until it expires.")
    @APIResponse(responseCode = "200", description = "The preview (JPEG); ETag, immutable", content = @Content(mediaType = "image/jpeg", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "304", description = "Not modified (If-None-Match matched the ETag)")
    @APIResponse(responseCode = "403", description = "url_signature_invalid, url_expired", content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "resource_missing: no such generation or variant not ready", content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
    public Response preview(@PathParam("generation_id") String id, @PathParam("index") @Parameter(schema = @Schema(type = SchemaType.INTEGER, format = "int32", minimum = "0", maximum = "3")) String index,
                            @QueryParam("expires") String expires, @QueryParam("signature") String signature,
                            @HeaderParam("If-None-Match") String ifNoneMatch) {
        GenerationService.VariantPreview p;
        if (caller.isAuthenticated()) {
            p = generations.ownedPreview(caller.accountId(), id, index);
        } else {
            signer.verify(GenerationService.previewPath(id, GenerationService.variantIndex(index)), expires, signature);
            p = generations.linkedPreview(id, index);
        }
        String etag = ETags.of(p.generationId(), p.index());
        String cache = "private, max-age=31536000, immutable";
        if (ETags.matches(etag, ifNoneMatch)) {
            return Response.notModified().header("ETag", etag).header("Cache-Control", cache).build();
        }
        return Response.ok(generations.previewJpeg(p), "image/jpeg").header("ETag", etag).header("Cache-Control", cache).build();
    }
}
