package dev.cardgen.api.openapi;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The conventions of the published document, applied to every endpoint so a new one follows them
 * without extra annotations: the common error answers ({@link CommonErrors}), the cursor
 * parameters of lists ({@link CursorParameters}), and schema names
 * after the API's nouns: a record {@code FooView} is the schema {@code Foo}, a {@code ListResponse<FooView>}
 * is {@code FooList}. An explicit {@code @Schema(name = …)} wins, because its name has no
 * {@code View} to drop. References are rewritten to the new names.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class OpenApiConventions implements OASFilter {

    private static final String REF_PREFIX = "#/components/schemas/";
    private static final Pattern LIST = Pattern.compile("ListResponse(\\w+)");
    private static final Pattern VIEW = Pattern.compile("(\\w+)View");

    @Override
    public Parameter filterParameter(Parameter parameter) {
        return CursorParameters.describe(parameter);
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        CommonErrors.addTo(openAPI);
        renameSchemas(openAPI);
    }

    private static void renameSchemas(OpenAPI openAPI) {
        Components components = openAPI.getComponents();
        if (components == null || components.getSchemas() == null) {
            return;
        }
        Map<String, String> renames = new LinkedHashMap<>();
        for (Map.Entry<String, Schema> entry : components.getSchemas().entrySet()) {
            String name = entry.getKey();
            String wanted = LIST.matcher(name).matches() ? listName(entry.getValue()).orElse(apiName(name)) : apiName(name);
            if (!wanted.equals(name)) {
                renames.put(name, wanted);
            }
        }
        if (renames.isEmpty()) {
            return;
        }
        Map<String, Schema> renamed = new LinkedHashMap<>();
        components.getSchemas().forEach((name, schema) -> {
            String target = renames.getOrDefault(name, name);
            if (renamed.put(target, schema) != null) {
                throw new IllegalStateException("Two schemas would be named " + target + "; give one an explicit @Schema(name)");
            }
        });
        components.setSchemas(renamed);
        new RefRewriter(renames).openApi(openAPI);
    }

    /** A list is named after its items' schema, whatever name that one was given. */
    private static java.util.Optional<String> listName(Schema list) {
        Schema data = list.getProperties() == null ? null : list.getProperties().get("data");
        String ref = data == null || data.getItems() == null ? null : data.getItems().getRef();
        if (ref == null || !ref.startsWith(REF_PREFIX)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(apiName(ref.substring(REF_PREFIX.length())) + "List");
    }

    static String apiName(String name) {
        Matcher list = LIST.matcher(name);
        if (list.matches()) {
            return apiName(list.group(1)) + "List";
        }
        Matcher view = VIEW.matcher(name);
        return view.matches() ? view.group(1) : name;
    }

    /** Walks every place a schema can sit and points its {@code $ref} at the new name. */
    private static final class RefRewriter {
        private final Map<String, String> renames;
        private final Set<Schema> seen = java.util.Collections.newSetFromMap(new IdentityHashMap<>());

        RefRewriter(Map<String, String> renames) {
            this.renames = renames;
        }

        void openApi(OpenAPI api) {
            api.getComponents().getSchemas().values().forEach(this::schema);
            if (api.getComponents().getParameters() != null) {
                api.getComponents().getParameters().values().forEach(this::parameter);
            }
            if (api.getPaths() == null || api.getPaths().getPathItems() == null) {
                return;
            }
            for (PathItem item : api.getPaths().getPathItems().values()) {
                if (item.getParameters() != null) {
                    item.getParameters().forEach(this::parameter);
                }
                for (Operation op : item.getOperations().values()) {
                    operation(op);
                }
            }
        }

        private void operation(Operation op) {
            if (op.getParameters() != null) {
                op.getParameters().forEach(this::parameter);
            }
            if (op.getRequestBody() != null) {
                content(op.getRequestBody().getContent());
            }
            if (op.getResponses() != null && op.getResponses().getAPIResponses() != null) {
                op.getResponses().getAPIResponses().values().forEach(r -> content(r.getContent()));
            }
        }

        private void parameter(Parameter p) {
            schema(p.getSchema());
            content(p.getContent());
        }

        private void content(Content content) {
            if (content == null || content.getMediaTypes() == null) {
                return;
            }
            for (MediaType media : content.getMediaTypes().values()) {
                schema(media.getSchema());
            }
        }

        private void schema(Schema s) {
            if (s == null || !seen.add(s)) {
                return;
            }
            String ref = s.getRef();
            if (ref != null && ref.startsWith(REF_PREFIX)) {
                String target = renames.get(ref.substring(REF_PREFIX.length()));
                if (target != null) {
                    s.setRef(REF_PREFIX + target);
                }
            }
            if (s.getProperties() != null) {
                s.getProperties().values().forEach(this::schema);
            }
            schema(s.getItems());
            schema(s.getAdditionalPropertiesSchema());
            schema(s.getNot());
            for (Collection<Schema> list : new ArrayList<>(java.util.Arrays.asList(s.getAllOf(), s.getAnyOf(), s.getOneOf()))) {
                if (list != null) {
                    list.forEach(this::schema);
                }
            }
        }
    }
}
