package dev.cardgen.generation;

import dev.cardgen.api.ListResponse;
import dev.cardgen.render.Templates;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/templates")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Generations")
public class TemplateResource {

    public record TemplateView(String id, String object, String name, String description) {
    }

    @GET
    @Operation(summary = "List the card templates a generation can use")
    public ListResponse<TemplateView> list() {
        return ListResponse.of(Templates.all().stream()
                .map(t -> new TemplateView(t.id(), "template", t.name(), t.description())).toList(), false);
    }
}
