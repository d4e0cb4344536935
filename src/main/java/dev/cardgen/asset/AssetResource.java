package dev.cardgen.asset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cardgen.account.Caller;
import dev.cardgen.api.ApiException;
import dev.cardgen.api.ClientStrings;
import dev.cardgen.api.ETags;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.JsonBodies;
import dev.cardgen.api.PageRequest;
import dev.cardgen.core.Sha256;
import dev.cardgen.idempotency.IdempotencyService;
import dev.cardgen.render.subject.SubjectHint;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.media.SchemaProperty;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.multipart.FileUpload;

@Path("/api/v1/assets")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Assets", description = "Product photos")
public class AssetResource {

    /**
     * A seller can replace the cut-out, so the URL's content can change: caches keep it but ask again
     * each time, and the ETag (which names the cut-out version) makes that a cheap 304.
     */
    private static final String REVALIDATE = "private, no-cache";

    @Inject
    AssetService assets;
    @Inject
    AssetCutouts cutouts;
    @Inject
    IdempotencyService idempotency;
    @Inject
    ObjectMapper json;
    @Inject
    Caller caller;

    @POST
    @Consumes(MediaType.MULTIPART_FORM_DATA)
    @Operation(operationId = "uploadAsset", summary = "Upload a product photo",
            description = "JPG, PNG or WebP (by content, not by declared type), up to " + UploadLimitInOpenApi.MAX_BYTES
                    + ", at least 800 px on the shorter side, at most 100 Mpx.")
    // The scanner reads the form fields but not which are required; the service answers 400 without a file.
    @RequestBody(required = true, content = @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(
            type = SchemaType.OBJECT, requiredProperties = "file", properties = {
                    @SchemaProperty(name = "file", type = SchemaType.STRING, format = "binary"),
                    @SchemaProperty(name = "project_id", type = SchemaType.STRING, description = "Default: the account's default project"),
                    @SchemaProperty(name = "subject_box", type = SchemaType.STRING, pattern = "^\\s*\\d+\\s*,\\s*\\d+\\s*,\\s*\\d+\\s*,\\s*\\d+\\s*$",
                            description = "x,y,width,height in the photo's pixels: cut the product out inside this box instead of finding it")})))
    @APIResponse(responseCode = "201", description = "The asset record",
            content = @Content(schema = @Schema(implementation = AssetView.class), examples = @ExampleObject(name = "asset", value = """
                    {"id":"ast_4fQ0b7ZyUe2xk9Lm3NcA8pWd","object":"asset","project_id":"prj_8GmZ1sQ4aT0wXy7Rb2Kc9LpE",
                     "width":3000,"height":4000,"mime_type":"image/jpeg","subject_detected":true,
                     "original_filename":"red-sneaker.jpg","bytes":4830121,"created_at":"2026-11-22T10:00:00Z"}""")))
    @APIResponse(responseCode = "400", description = "file part missing, malformed multipart", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "project_id not found", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "413", description = "file_too_large", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "415", description = "unsupported_media_type", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "image_too_small, image_too_many_pixels, image_unreadable; subject_not_found (nothing inside subject_box could be cut out)",
            content = @Content(schema = @Schema(implementation = ErrorBody.class), examples = @ExampleObject(name = "too small", value = """
                    {"error":{"type":"invalid_request_error","code":"image_too_small","message":"The image is 640x480; the shorter side must be at least 800 px.","param":"file"}}""")))
    public Response upload(@RestForm("file") FileUpload file, @RestForm("project_id") String projectId,
                           @RestForm("subject_box") String subjectBox) {
        String account = caller.accountId();
        if (file == null || file.uploadedFile() == null) {
            throw ApiException.missingParam("file");
        }
        String project = ClientStrings.require("project_id", projectId);
        String box = ClientStrings.require("subject_box", subjectBox);
        Asset asset = assets.upload(account, project, new AssetService.Upload(file.uploadedFile(), file.size(), file.fileName(), box));
        return Response.status(201).entity(AssetView.of(asset)).build();
    }

    @GET
    @Operation(operationId = "listAssets", summary = "List assets, newest first")
    public ListResponse<AssetView> list(@QueryParam("limit") String limit, @QueryParam("starting_after") String startingAfter,
                                        @QueryParam("project_id") String projectId) {
        return assets.list(caller.accountId(), projectId, PageRequest.of(limit, startingAfter)).map(AssetView::of);
    }

    @GET
    @Path("/{asset_id}")
    @Operation(operationId = "getAsset", summary = "Read an asset")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = AssetView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public AssetView get(@PathParam("asset_id") String id) {
        return AssetView.of(assets.require(caller.accountId(), id));
    }

    @GET
    @Path("/{asset_id}/cutout")
    @Produces({"image/png", MediaType.APPLICATION_JSON})
    @Operation(operationId = "getAssetCutout", summary = "The isolated product, or its mask",
            description = "format=cutout (default): PNG with alpha, the product trimmed to its box plus a margin of 2 % "
                    + "of the box's longer side (at least 4 px, clipped to the image), at working-copy resolution, edge "
                    + "colours decontaminated; with size=full at the original photo's resolution (at most 16 Mpx), its product "
                    + "drawn from the original's pixels. format=mask: the 8-bit greyscale mask of the whole working copy. "
                    + "The ETag names the cut-out version; Cache-Control: private, no-cache, so a client revalidates "
                    + "(If-None-Match, 304) and sees a seller's change at once.")
    @APIResponse(responseCode = "200", description = "PNG: the cut-out (RGBA) or the mask (8-bit grey)", content = @Content(mediaType = "image/png", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "304", description = "If-None-Match named the current ETag")
    @APIResponse(responseCode = "400", description = "parameter_invalid (format, size)", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "resource_missing: unknown, deleted or another account's asset", content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "subject_not_detected: the asset has no isolated product",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ErrorBody.class), examples = @ExampleObject(name = "no subject", value = """
                    {"error":{"type":"invalid_request_error","code":"subject_not_detected","message":"No product was isolated in asset ast_4fQ0b7ZyUe2xk9Lm3NcA8pWd (subject_detected is false), so it has no cut-out."}}""")))
    public Response cutout(@PathParam("asset_id") String id, @QueryParam("format") @Parameter(schema = @Schema(enumeration = {"cutout", "mask"}, defaultValue = "cutout")) String format,
                           @QueryParam("size") @Parameter(description = "working (default): the working copy's resolution; full: the original's "
                                   + "(cut-out only, at most 16 Mpx)", schema = @Schema(enumeration = {"working", "full"}, defaultValue = "working")) String size,
                           @HeaderParam("If-None-Match") String ifNoneMatch) {
        String account = caller.accountId();
        AssetCutouts.Format f = AssetCutouts.Format.parse(format);
        AssetCutouts.Size s = AssetCutouts.Size.parse(size, f);
        Asset asset = assets.require(account, id);
        AssetCutouts.requireSubject(asset);
        String etag = AssetCutouts.etag(asset, f, s);
        if (ETags.matches(etag, ifNoneMatch)) {
            return Response.notModified().header("ETag", etag).header("Cache-Control", REVALIDATE).build();
        }
        Object body = s == AssetCutouts.Size.FULL ? cutouts.fullPng(asset) : cutouts.png(asset, f);
        return Response.ok(body, "image/png").header("ETag", etag).header("Cache-Control", REVALIDATE).build();
    }

    @POST
    @Path("/{asset_id}/cutout")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "hintAssetCutout", summary = "Cut the product out again inside a box",
            description = "The box (and optional include/exclude points) in the photo's pixels. Outside the box is backdrop; "
                    + "inside, colour models and a minimum cut separate the product, with the learned model's saliency as a prior. "
                    + "The result is a new cut-out version (subject_source hint); generations created from now on use it, "
                    + "earlier generations and exports keep theirs. Idempotency-Key as for generations.")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = CutoutHint.class), examples = @ExampleObject(name = "box", value = """
            {"box":{"x":420,"y":310,"width":1650,"height":2900},"include":[[1200,1500]],"exclude":[[500,3000]]}""")))
    @APIResponse(responseCode = "200", description = "The asset, with its new cut-out version", content = @Content(schema = @Schema(implementation = AssetView.class)))
    @APIResponse(responseCode = "400", description = "invalid_json, parameter_missing, parameter_invalid (box outside the photo, under 1 % of it, not integers; a point outside the photo), parameter_unknown",
            content = @Content(schema = @Schema(implementation = ErrorBody.class), examples = @ExampleObject(name = "small box", value = """
                    {"error":{"type":"invalid_request_error","code":"parameter_invalid","message":"The box must cover at least 1 % of the photo; draw it round the whole product.","param":"box"}}""")))
    @APIResponse(responseCode = "404", description = "resource_missing: unknown, deleted or another account's asset", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "idempotency_key_in_use", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "subject_not_found (nothing in the box could be cut out), idempotency_key_reused", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response hintCutout(@PathParam("asset_id") String id, JsonNode body, @HeaderParam(IdempotencyService.HEADER) String idempotencyKey) {
        String account = caller.accountId();
        JsonNode request = JsonBodies.object(json, body);
        Asset asset = assets.require(account, id);
        ObjectNode keyed = json.createObjectNode().put("asset_id", asset.id).set("body", request);
        return idempotency.run(account, "POST /api/v1/assets/{asset_id}/cutout", idempotencyKey, keyed, () -> {
            SubjectHint hint = JsonBodies.read(json, request, CutoutHint.class).validate(asset.width, asset.height);
            return Response.ok(AssetView.of(cutouts.hint(account, asset, hint, "box"))).build();
        });
    }

    @PUT
    @Path("/{asset_id}/cutout")
    @Consumes({"image/png", MediaType.APPLICATION_OCTET_STREAM})
    @Operation(operationId = "replaceAssetCutout", summary = "Replace the cut-out with your own mask",
            description = "The body is a PNG at the photo's size or at the working copy's (the mask's size, see format=mask): "
                    + "8-bit grey, or any PNG whose alpha channel is the mask. It becomes a new cut-out version "
                    + "(subject_source mask), taken as it is. Idempotency-Key as for generations.")
    @RequestBody(required = true, content = @Content(mediaType = "image/png", schema = @Schema(type = SchemaType.STRING, format = "binary")))
    @APIResponse(responseCode = "200", description = "The asset, with its new cut-out version", content = @Content(schema = @Schema(implementation = AssetView.class)))
    @APIResponse(responseCode = "400", description = "parameter_invalid (param mask): not a PNG, or unreadable", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "resource_missing: unknown, deleted or another account's asset", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "idempotency_key_in_use", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "mask_size_mismatch, mask_invalid (a colour PNG without alpha), mask_empty, mask_full (param mask); idempotency_key_reused",
            content = @Content(schema = @Schema(implementation = ErrorBody.class), examples = @ExampleObject(name = "wrong size", value = """
                    {"error":{"type":"invalid_request_error","code":"mask_size_mismatch","message":"The mask is 640×480 pixels; it must be the photo's size (3000×4000) or the working copy's (1200×1600).","param":"mask"}}""")))
    public Response replaceCutout(@PathParam("asset_id") String id, byte[] body, @HeaderParam(IdempotencyService.HEADER) String idempotencyKey) {
        String account = caller.accountId();
        Asset asset = assets.require(account, id);
        if (body == null || body.length == 0) {
            throw ApiException.missingParam("mask");
        }
        ObjectNode keyed = json.createObjectNode().put("asset_id", asset.id).put("mask_sha256", Sha256.hex(body));
        return idempotency.run(account, "PUT /api/v1/assets/{asset_id}/cutout", idempotencyKey, keyed,
                () -> Response.ok(AssetView.of(cutouts.replaceMask(account, asset, body))).build());
    }

    @DELETE
    @Path("/{asset_id}")
    @Operation(operationId = "deleteAsset", summary = "Delete an asset", description = "Irreversible. The original bytes are removed at once; variants and exports made from it are kept.")
    @APIResponse(responseCode = "200", content = @Content(schema = @Schema(implementation = AssetView.Deleted.class),
            examples = @ExampleObject(name = "deleted", value = "{\"id\":\"ast_4fQ0b7ZyUe2xk9Lm3NcA8pWd\",\"object\":\"asset\",\"deleted\":true}")))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public AssetView.Deleted delete(@PathParam("asset_id") String id) {
        assets.delete(caller.accountId(), id);
        return new AssetView.Deleted(id, "asset", true);
    }
}
