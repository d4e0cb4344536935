package dev.cardgen.export;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cardgen.account.Caller;
import dev.cardgen.api.ApiException;
import dev.cardgen.api.BaseUrls;
import dev.cardgen.api.ETags;
import dev.cardgen.api.ErrorBody;
import dev.cardgen.api.ErrorTypes;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.PageRequest;
import dev.cardgen.api.UrlSigner;
import dev.cardgen.core.Trace;
import dev.cardgen.idempotency.IdempotencyService;
import dev.cardgen.idempotency.JsonCreates;
import dev.cardgen.storage.BlobNotFoundException;
import dev.cardgen.storage.BlobStore;
import dev.cardgen.storage.ContentDisposition;
import dev.cardgen.storage.StorageConfig;
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
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirementsSet;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;

@Path("/api/v1/exports")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Exports", description = "One variant as a file at a marketplace preset's exact size")
public class ExportResource {

    /** Lifetime of the presigned S3 URL a download is redirected to; the client follows it at once. */
    static final Duration REDIRECT_TTL = Duration.ofMinutes(5);

    static final int COPY_BUFFER = 256 * 1024;

    @Inject
    ExportService exports;
    @Inject
    JsonCreates creates;
    @Inject
    Caller caller;
    @Inject
    BaseUrls baseUrls;
    @Inject
    UrlSigner signer;
    @Inject
    BlobStore blobs;
    @Inject
    StorageConfig storage;
    @Inject
    ReadyFiles readyFiles;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createExport", summary = "Create an export", description = "Answers at once with status processing; read the export until it is ready.")
    @RequestBody(content = @Content(schema = @Schema(implementation = CreateExport.class), examples = @ExampleObject(name = "request", value = """
            {"generation_id":"gen_Q2w3E4r5T6y7U8i9O0pAsDfG","variant":1,"preset":"market1-3x4","format":"png","width":2400}""")))
    @APIResponse(responseCode = "202", description = "Processing; read the export until it is ready", content = @Content(schema = @Schema(implementation = ExportView.class)))
    @APIResponse(responseCode = "400", description = "invalid_json, parameter_missing, parameter_invalid, parameter_unknown", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "generation_id not found", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "409", description = "generation_not_completed, idempotency_key_in_use", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "422", description = "idempotency_key_reused", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public Response create(JsonNode body, @HeaderParam(IdempotencyService.HEADER) String idempotencyKey, @Context UriInfo uri) {
        Trace.at("post-enter", "-");
        return creates.run("POST /api/v1/exports", body, idempotencyKey, uri, CreateExport.class, c -> {
            Export created = exports.create(c.account(), c.body().validate());
            Trace.at("post-committed", created.id);
            return Response.accepted(exports.view(created, c.baseUrl())).build();
        });
    }

    /** Large writes: the output stream hands each write to the event loop, so 8 KiB ones (transferTo's) cost throughput. */
    private static void copy(InputStream in, java.io.OutputStream out) throws java.io.IOException {
        byte[] buf = new byte[COPY_BUFFER];
        for (int n; (n = in.readNBytes(buf, 0, buf.length)) > 0; ) {
            out.write(buf, 0, n);
        }
    }

    @GET
    @Operation(operationId = "listExports", summary = "List exports, newest first (the project history)")
    public ListResponse<ExportView> list(@QueryParam("limit") String limit, @QueryParam("starting_after") String startingAfter,
                                         @QueryParam("project_id") String projectId, @QueryParam("generation_id") String generationId,
                                         @Context UriInfo uri) {
        String base = baseUrls.of(uri);
        return exports.list(caller.accountId(), projectId, generationId, PageRequest.of(limit, startingAfter))
                .map(e -> exports.view(e, base));
    }

    @GET
    @Path("/{export_id}")
    @Operation(operationId = "getExport", summary = "Read an export", description = "When ready: bytes, and a download_url valid 24 h from this read (expires_at).")
    @APIResponse(responseCode = "200", description = "The export", content = @Content(schema = @Schema(implementation = ExportView.class)))
    @APIResponse(responseCode = "404", description = "resource_missing", content = @Content(schema = @Schema(implementation = ErrorBody.class)))
    public ExportView get(@PathParam("export_id") String id, @Context UriInfo uri) {
        return exports.view(exports.require(caller.accountId(), id), baseUrls.of(uri));
    }

    @GET
    @Path("/{export_id}/file")
    @Produces(MediaType.WILDCARD)
    @SecurityRequirementsSet(@SecurityRequirement(name = "apiKey"))
    @SecurityRequirementsSet
    @Operation(operationId = "downloadExport", summary = "Download an export's file", description = "With a Bearer key, or without one through the signed download_url. "
            + "Supports a single Range; with S3 and redirect-downloads it answers 302 to a presigned URL.")
    @APIResponse(responseCode = "200", description = "The file", content = {@Content(mediaType = "image/png", schema = @Schema(type = SchemaType.STRING, format = "binary")),
            @Content(mediaType = "image/jpeg", schema = @Schema(type = SchemaType.STRING, format = "binary"))})
    @APIResponse(responseCode = "206", description = "The requested range", content = {@Content(mediaType = "image/png", schema = @Schema(type = SchemaType.STRING, format = "binary")),
            @Content(mediaType = "image/jpeg", schema = @Schema(type = SchemaType.STRING, format = "binary"))})
    @APIResponse(responseCode = "304", description = "Not modified (If-None-Match matched the ETag)")
    @APIResponse(responseCode = "302", description = "redirect to a presigned storage URL")
    @APIResponse(responseCode = "403", description = "url_signature_invalid, url_expired", content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "404", description = "resource_missing: unknown export, or not ready", content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
    @APIResponse(responseCode = "416", description = "range_not_satisfiable", content = @Content(mediaType = "application/json", schema = @Schema(implementation = ErrorBody.class)))
    public Response file(@PathParam("export_id") String id, @QueryParam("expires") String expires,
                         @QueryParam("signature") String signature, @HeaderParam("Range") String range,
                         @HeaderParam("If-None-Match") String ifNoneMatch) {
        Trace.at("file-enter", id);
        ReadyFiles.ReadyFile f = caller.isAuthenticated() ? ownedFile(caller.accountId(), id) : signedFile(id, expires, signature);
        if (storage.type() == StorageConfig.Type.S3 && storage.redirectDownloads()) {
            Optional<java.net.URI> presigned = blobs.presignedGet(f.blobKey(), REDIRECT_TTL, f.fileName());
            if (presigned.isPresent()) {
                return Response.status(302).location(presigned.get()).header("Cache-Control", "no-store").build();
            }
        }
        // The file of an export never changes: its id and size identify the bytes.
        String etag = ETags.of(f.id(), f.bytes());
        if (ETags.matches(etag, ifNoneMatch)) {
            return Response.notModified().header("ETag", etag).build();
        }
        Optional<ByteRange> r = ByteRange.parse(range, f.bytes());
        long offset = r.map(ByteRange::offset).orElse(0L);
        long length = r.map(ByteRange::length).orElse(f.bytes());
        StreamingOutput body = out -> {
            try (InputStream in = r.isPresent() ? blobs.getRange(f.blobKey(), offset, length) : blobs.get(f.blobKey())) {
                copy(in, out);
                Trace.at("file-written", id);
            } catch (BlobNotFoundException ex) {
                throw new java.io.IOException("export file vanished while sending", ex);
            }
        };
        Response.ResponseBuilder b = Response.status(r.isPresent() ? 206 : 200).entity(body).type(f.contentType())
                .header("Content-Length", length)
                .header("Content-Disposition", ContentDisposition.attachment(f.fileName()))
                .header("Accept-Ranges", "bytes")
                .header("ETag", etag)
                .header("Cache-Control", "private, max-age=86400");
        r.ifPresent(x -> b.header("Content-Range", x.contentRange(f.bytes())));
        return b.build();
    }

    private ReadyFiles.ReadyFile ownedFile(String accountId, String id) {
        return readyFiles.get(id).filter(f -> f.accountId().equals(accountId))
                .orElseGet(() -> readyFile(exports.require(accountId, id)));
    }

    private ReadyFiles.ReadyFile signedFile(String id, String expires, String signature) {
        signer.verify(ExportService.filePath(id), expires, signature);
        return readyFiles.get(id).orElseGet(() -> readyFile(exports.find(id).orElseThrow(() -> ApiException.notFound("export", id))));
    }

    private ReadyFiles.ReadyFile readyFile(Export e) {
        if (!e.isReady()) {
            throw new ApiException(404, ErrorTypes.INVALID_REQUEST, "resource_missing",
                    "Export " + e.id + " has no file yet: its status is '" + e.status.wire() + "'.", null);
        }
        return readyFiles.of(e);
    }
}
