package dev.cardgen.api;

import dev.cardgen.core.Unavailability;
import com.fasterxml.jackson.core.JsonProcessingException;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.stream.Collectors;

/**
 * Turns exceptions raised inside JAX-RS into the error body of the README's Errors section. What
 * Vert.x answers before JAX-RS runs is written by {@link HttpEdge}; both take the framework errors
 * from {@link FrameworkErrors}.
 */
public class ApiExceptionMappers {

    private static final Logger LOG = Logger.getLogger(ApiExceptionMappers.class);

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return respond(e);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        return respond(JsonErrors.of(e));
    }

    /** Quarkus ships its own mapper for this subtype; this one, being ours, takes precedence. */
    @ServerExceptionMapper
    public Response mismatchedInput(com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
        return respond(JsonErrors.of(e));
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return respond(FrameworkErrors.unknownRoute());
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        String allow = e.getResponse().getAllowedMethods().stream().sorted().collect(Collectors.joining(", "));
        return respond(FrameworkErrors.methodNotAllowed(allow));
    }

    @ServerExceptionMapper
    public Response notSupported(NotSupportedException e) {
        return respond(new ApiException(415, ErrorTypes.INVALID_REQUEST, "unsupported_media_type",
                "This endpoint does not accept that Content-Type.", null));
    }

    @ServerExceptionMapper
    public Response notAcceptable(NotAcceptableException e) {
        return respond(new ApiException(406, ErrorTypes.INVALID_REQUEST, "not_acceptable",
                "This endpoint cannot answer in a media type the Accept header allows.", null));
    }

    @Inject
    HttpEdge edge;

    @Inject
    io.vertx.core.Vertx vertx;

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, io.vertx.ext.web.RoutingContext routing) {
        int status = e.getResponse().getStatus();
        if (status == 413) {
            edge.closeAfterResponse(routing, vertx);
            return respond(edge.bodyTooLarge());
        }
        if (status >= 500) {
            LOG.error("Request failed", e);
            return respond(FrameworkErrors.internal());
        }
        if (status == 400) {
            for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                if (t instanceof JsonProcessingException) {
                    return respond(ApiException.invalid("invalid_json", "The request body is not valid JSON.", null));
                }
            }
            return respond(ApiException.invalid("parameter_invalid", "The request could not be read.", null));
        }
        return respond(new ApiException(status, ErrorTypes.INVALID_REQUEST, "invalid_request", "The request was not accepted.", null));
    }

    /**
     * Quarkus REST's multipart parser reports a malformed or cut-off body as a plain IOException; a
     * body whose connection was closed while it was read (the client left, or Netty could not frame
     * it) too. Neither is our fault, and nobody may be left to read the answer.
     */
    @ServerExceptionMapper
    public Response io(java.io.IOException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.nio.channels.ClosedChannelException) {
                LOG.debugf("Request body cut off: the connection was closed (%s)", e);
                return respond(FrameworkErrors.malformedBody());
            }
        }
        for (StackTraceElement frame : e.getStackTrace()) {
            if (frame.getClassName().contains(".multipart.")) {
                return respond(FrameworkErrors.malformedBody());
            }
        }
        return unexpected(e);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        if (Unavailability.isUnavailable(e)) {
            LOG.warn("Dependency unavailable: " + e);
            return respond(ApiException.unavailable("The service is temporarily unavailable. Retry shortly."));
        }
        LOG.error("Unexpected error", e);
        return respond(FrameworkErrors.internal());
    }

    static Response respond(ApiException e) {
        Response.ResponseBuilder b = Response.status(e.status()).type(MediaType.APPLICATION_JSON_TYPE).entity(e.body());
        e.headers().forEach(b::header);
        if (e.status() == 401) {
            b.header("WWW-Authenticate", "Bearer");
        }
        return b.build();
    }
}
