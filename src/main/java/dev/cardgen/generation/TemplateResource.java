package dev.cardgen.generation;

import dev.cardgen.api.ListResponse;
import dev.cardgen.render.Templates;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/templates")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Templates", description = "The card designs a generation can use")
public class TemplateResource {

    public record TemplateView(@Schema(required = true) String id, @Schema(required = true, enumeration = "template") String object,
                               @Schema(required = true) String name, @Schema(required = true) String description) {
    }

    @GET
    @Operation(operationId = "listTemplates", summary = "List the card templates a generation can use")
    public ListResponse<TemplateView> list() {
        return ListResponse.of(Templates.all().stream()
                .map(t -> new TemplateView(t.id(), "template", t.name(), t.description())).toList(), false);
    }
}
