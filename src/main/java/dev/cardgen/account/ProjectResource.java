package dev.cardgen.account;

import dev.cardgen.api.ClientStrings;
import dev.cardgen.api.ListResponse;
import dev.cardgen.api.PageRequest;
import dev.cardgen.core.Times;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/api/v1/projects")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Projects", description = "Projects group assets, generations and exports; each account has a default one")
public class ProjectResource {

    @Inject
    ProjectService projects;
    @Inject
    Caller caller;

    public record CreateProject(@Schema(required = true, maxLength = 200) String name) {
    }

    public record ProjectView(@Schema(required = true) String id, @Schema(required = true, enumeration = "project") String object,
                              @Schema(required = true) String name, @Schema(required = true) boolean isDefault,
                              @Schema(required = true, format = "date-time") String createdAt) {
        public static ProjectView of(Project p) {
            return new ProjectView(p.id, "project", p.name, p.isDefault, Times.iso(p.createdAt));
        }
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(operationId = "createProject", summary = "Create a project")
    @APIResponse(responseCode = "201", description = "The new project", content = @Content(schema = @Schema(implementation = ProjectView.class)))
    public Response create(CreateProject body) {
        String name = ClientStrings.name("name", body == null ? null : body.name());
        return Response.status(201).entity(ProjectView.of(projects.create(caller.accountId(), name))).build();
    }

    @GET
    @Operation(operationId = "listProjects", summary = "List projects, newest first")
    public ListResponse<ProjectView> list(@QueryParam("limit") String limit, @QueryParam("starting_after") String startingAfter) {
        return projects.list(caller.accountId(), PageRequest.of(limit, startingAfter)).map(ProjectView::of);
    }

    @GET
    @Path("/{project_id}")
    @Operation(operationId = "getProject", summary = "Read a project")
    public ProjectView get(@PathParam("project_id") String id) {
        return ProjectView.of(projects.require(caller.accountId(), id, "id"));
    }
}
