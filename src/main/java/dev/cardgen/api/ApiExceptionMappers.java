package dev.cardgen.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
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

/** The one place where exceptions become the error body of DESIGN.md §3. */
public class ApiExceptionMappers {

    private static final Logger LOG = Logger.getLogger(ApiExceptionMappers.class);

    @ServerExceptionMapper
    public Response api(ApiException e) {
        return respond(e);
    }

    @ServerExceptionMapper
    public Response unrecognizedProperty(UnrecognizedPropertyException e) {
        String name = e.getPropertyName();
        return respond(ApiException.invalid("parameter_unknown", "Received unknown parameter: " + Strings.clip(name, 64) + ".", jsonPath(e, name)));
    }

    @ServerExceptionMapper
    public Response invalidFormat(InvalidFormatException e) {
        String param = jsonPath(e, null);
        return respond(ApiException.invalidParam(param, "Invalid value for " + param + "."));
    }

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        String param = jsonPath(e, null);
        if (param == null) {
            return respond(ApiException.invalid("invalid_json", "The request body must be a JSON object.", null));
        }
        return respond(ApiException.invalidParam(param, "Invalid type for " + param + "."));
    }

    @ServerExceptionMapper
    public Response jsonMapping(JsonMappingException e) {
        String param = jsonPath(e, null);
        if (param == null) {
            return respond(ApiException.invalid("invalid_json", "The request body could not be read as JSON.", null));
        }
        return respond(ApiException.invalidParam(param, "Invalid value for " + param + "."));
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        return respond(ApiException.invalid("invalid_json", "The request body is not valid JSON.", null));
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return respond(new ApiException(404, ErrorTypes.INVALID_REQUEST, "resource_missing", "Unrecognized request URL.", null));
    }

    @ServerExceptionMapper
    public Response notAllowed(NotAllowedException e) {
        String allow = e.getResponse().getAllowedMethods().stream().sorted().collect(Collectors.joining(", "));
        Response.ResponseBuilder b = Response.status(405).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorBody.of(ErrorTypes.INVALID_REQUEST, "method_not_allowed", "This URL does not accept that HTTP method.", null));
        if (!allow.isEmpty()) {
            b.header("Allow", allow);
        }
        return b.build();
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

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status == 413) {
            return respond(FrameworkErrors.bodyTooLarge());
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

    private static String jsonPath(JsonMappingException e, String fallback) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!sb.isEmpty()) {
                    sb.append('.');
                }
                sb.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                sb.append('[').append(ref.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? fallback : Strings.clip(sb.toString(), 64);
    }
}
