package dev.cardgen.api;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.Preset;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.TemplateInfo;
import dev.cardgen.render.Templates;
import dev.cardgen.webhook.WebhookEvents;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.vertx.core.json.JsonObject;
import io.vertx.json.schema.Draft;
import io.vertx.json.schema.JsonSchema;
import io.vertx.json.schema.JsonSchemaOptions;
import io.vertx.json.schema.OutputFormat;
import io.vertx.json.schema.OutputUnit;
import io.vertx.json.schema.Validator;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The published API description: valid OpenAPI 3.0.3, every endpoint with the conventions clients
 * rely on (operationId, tag, described responses, snake_case names), enums that match the code.
 * An endpoint merged without them fails here.
 */
@QuarkusTest
class OpenApiTest {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private String json;
    private Map<String, Object> doc;

    @BeforeEach
    void load() {
        var response = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract();
        json = response.asString();
        doc = response.jsonPath().getMap("$");
    }

    @Test
    void isValidOpenApi303ForASecondParser() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
        assertEquals("3.0.3", doc.get("openapi"));
        assertTrue(result.getMessages().isEmpty(), "swagger-parser: " + result.getMessages());
        assertEquals(doc.get("openapi"), result.getOpenAPI().getOpenapi());
    }

    /**
     * A check independent of swagger-parser (the parser inside openapi-generator and the contract
     * filter, so it shares their blind spots): the official OpenAPI 3.0 JSON Schema (2021-09-28, as
     * vertx-openapi ships it) applied by Vert.x's JSON Schema validator. Only the innermost failures
     * are reported; each outer one just says a subschema failed.
     */
    @Test
    void isValidByTheOfficialOpenApi30JsonSchema() throws Exception {
        String id = "https://spec.openapis.org/oas/3.0/schema/2021-09-28";
        JsonObject schema;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("spec.openapis.org/oas/3.0/schema/2021-09-28")) {
            assertNotNull(in, "the OAS 3.0 schema is on the test classpath");
            schema = new JsonObject(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertEquals(id, schema.getString("id"));
        OutputUnit result = Validator.create(JsonSchema.of(schema),
                        new JsonSchemaOptions().setDraft(Draft.DRAFT4).setBaseUri(id).setOutputFormat(OutputFormat.Basic))
                .validate(new JsonObject(json));
        List<OutputUnit> errors = result.getErrors() == null ? List.of() : result.getErrors();
        List<String> innermost = errors.stream()
                .filter(e -> errors.stream().noneMatch(o -> o != e && o.getKeywordLocation().startsWith(e.getKeywordLocation() + "/")))
                .map(e -> e.getInstanceLocation() + ": " + e.getError())
                .toList();
        assertTrue(result.getValid(), "OAS 3.0 schema: " + String.join("\n", innermost));
    }

    /** SnakeYAML is a YAML 1.1 parser, as inside openapi-generator and swagger-parser: {@code 3:4} unquoted would be 184. */
    @Test
    void theYamlFormReadsBackAsTheSameDocumentInAYaml11Parser() throws Exception {
        String yaml = RestAssured.given().get("/q/openapi").then().statusCode(200)
                .contentType(containsString("yaml")).extract().asString();
        Object fromYaml = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        Object fromJson = new ObjectMapper().readValue(json, Object.class);
        assertEquals(fromJson, fromYaml);
        assertEquals(List.of("3:4", "1:1", "9:16"), enumOf("CreateGeneration", "ratio"));
        assertTrue(yaml.contains("\"3:4\"") || yaml.contains("'3:4'"), "3:4 is quoted");
    }

    @Test
    void everyListTakesAnIntegerLimitAndAnIdCursor() {
        List<String> lists = new ArrayList<>();
        forEachOperation((where, op) -> {
            List<Map<String, Object>> params = cast(op.get("parameters"));
            Map<String, Object> limit = params == null ? null : params.stream().filter(p -> "limit".equals(p.get("name"))).findFirst().orElse(null);
            if (limit == null) {
                return;
            }
            lists.add(where);
            assertEquals("query", limit.get("in"), where);
            assertEquals(Map.of("type", "integer", "format", "int32", "minimum", 1, "maximum", 100, "default", 20), limit.get("schema"), where);
            Map<String, Object> cursor = params.stream().filter(p -> "starting_after".equals(p.get("name"))).findFirst().orElseThrow();
            assertEquals(Map.of("type", "string", "minLength", 1), cursor.get("schema"), where);
            assertTrue(cursor.get("description") instanceof String d && d.contains("last item"), where);
        });
        assertTrue(lists.containsAll(List.of("GET /api/v1/assets", "GET /api/v1/generations", "GET /api/v1/exports", "GET /api/v1/projects",
                "GET /api/v1/webhook_endpoints", "GET /api/v1/webhook_endpoints/{endpoint_id}/deliveries")), "lists: " + lists);
    }

    /** Generators return the bytes (a File in Java, a Blob in TypeScript) only for string/binary of the real media type. */
    @Test
    void filesAreBinaryStringsOfTheirMediaType() {
        Map<String, Object> paths = cast(doc.get("paths"));
        assertBinary(paths, "/api/v1/exports/{export_id}/file", "200", "image/png", "image/jpeg");
        assertBinary(paths, "/api/v1/exports/{export_id}/file", "206", "image/png", "image/jpeg");
        assertBinary(paths, "/api/v1/generations/{generation_id}/variants/{index}/preview", "200", "image/jpeg");
        assertBinary(paths, "/api/v1/assets/{asset_id}/cutout", "200", "image/png");
        Map<String, Object> cutoutErrors = map(map(map(map(paths.get("/api/v1/assets/{asset_id}/cutout")).get("get")).get("responses")).get("409"));
        assertEquals(Set.of("application/json"), map(cutoutErrors.get("content")).keySet());
    }

    private void assertBinary(Map<String, Object> paths, String path, String status, String... mediaTypes) {
        Map<String, Object> content = map(map(map(map(map(paths.get(path)).get("get")).get("responses")).get(status)).get("content"));
        assertEquals(Set.of(mediaTypes), content.keySet(), path + " " + status);
        for (String type : mediaTypes) {
            assertEquals(Map.of("type", "string", "format", "binary"), map(content.get(type)).get("schema"), path + " " + status + " " + type);
        }
    }

    @Test
    void everyOperationHasAUniqueIdATagAndDescribedResponses() {
        List<String> problems = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        forEachOperation((where, op) -> {
            Object id = op.get("operationId");
            if (!(id instanceof String s) || !s.matches("[a-z][A-Za-z]+")) {
                problems.add(where + ": operationId missing or not lowerCamel verbNoun: " + id);
            } else if (!ids.add(s)) {
                problems.add(where + ": operationId " + s + " used twice");
            }
            if (!(op.get("tags") instanceof List<?> tags) || tags.isEmpty()) {
                problems.add(where + ": no tag");
            }
            Map<String, Map<String, Object>> responses = cast(op.get("responses"));
            responses.forEach((status, r) -> {
                if (!(r.get("description") instanceof String d) || d.isBlank()) {
                    problems.add(where + " " + status + ": response without a description");
                }
                if (status.matches("[45]\\d\\d") && !refersToError(r)) {
                    problems.add(where + " " + status + ": error response without the Error body");
                }
            });
        });
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyPropertyAndParameterIsSnakeCase() {
        List<String> problems = new ArrayList<>();
        Map<String, Map<String, Object>> schemas = cast(map(doc.get("components")).get("schemas"));
        schemas.forEach((name, schema) -> {
            if (!name.matches("[A-Z][A-Za-z0-9]*") || name.endsWith("View") || name.startsWith("ListResponse")) {
                problems.add("schema name " + name);
            }
            Map<String, Object> props = cast(schema.get("properties"));
            if (props != null) {
                props.keySet().stream().filter(p -> !p.matches("[a-z][a-z0-9_]*")).forEach(p -> problems.add(name + "." + p));
            }
        });
        forEachOperation((where, op) -> {
            List<Map<String, Object>> params = cast(op.get("parameters"));
            if (params != null) {
                params.stream().filter(p -> "query".equals(p.get("in")) || "path".equals(p.get("in")))
                        .map(p -> (String) p.get("name")).filter(n -> !n.matches("[a-z][a-z0-9_]*"))
                        .forEach(n -> problems.add(where + " parameter " + n));
            }
        });
        assertTrue(problems.isEmpty(), "not the API's naming: " + problems);
    }

    @Test
    void enumsAreTheValuesTheServiceAccepts() {
        assertEquals(Templates.all().stream().map(TemplateInfo::id).toList(), enumOf("CreateGeneration", "template"));
        assertEquals(Arrays.stream(Ratio.values()).map(Ratio::id).toList(), enumOf("CreateGeneration", "ratio"));
        assertEquals(List.of(dev.cardgen.generation.Marketplaces.names().split(", ")), enumOf("CreateGeneration", "marketplace"));
        assertEquals(Arrays.stream(Preset.values()).map(Preset::id).toList(), enumOf("CreateExport", "preset"));
        assertEquals(Arrays.stream(ExportFormat.values()).map(ExportFormat::wire).toList(), enumOf("CreateExport", "format"));
        assertEquals(enumOf("CreateGeneration", "template"), enumOf("Generation", "template"));
        assertEquals(enumOf("CreateExport", "preset"), enumOf("Export", "preset"));
        List<String> rules = Arrays.stream(dev.cardgen.export.checks.CheckRule.values()).map(dev.cardgen.export.checks.CheckRule::wire).toList();
        assertEquals(rules, enumOf("ExportCheck", "rule"));
        assertEquals(rules, enumOf("PresetRule", "rule"));
        assertEquals(Arrays.stream(Ratio.values()).map(Ratio::id).toList(), enumOf("Preset", "ratio"));
        assertEquals(List.of(ErrorTypes.INVALID_REQUEST, ErrorTypes.AUTHENTICATION, ErrorTypes.PERMISSION, ErrorTypes.RATE_LIMIT, ErrorTypes.API),
                enumOf("ErrorDetail", "type"));
    }

    @Test
    void describesEveryEndpointTheStreamTheUploadAndTheBearerScheme() {
        RestAssured.given().queryParam("format", "json").get("/q/openapi").then()
                .body("components.securitySchemes.apiKey.type", is("http"))
                .body("components.securitySchemes.apiKey.scheme", is("bearer"))
                .body("security[0]", hasKey("apiKey"))
                .body("paths.'/api/v1/assets'.post.requestBody.content.'multipart/form-data'.schema.properties.file.format", is("binary"))
                .body("paths.'/api/v1/render-stream/{stream_token}'.get.security", is(List.of()))
                .body("paths.'/api/v1/generations'.post.parameters.find { it.name == 'Idempotency-Key' }.in", is("header"))
                .body("paths.'/api/v1/generations'.post.responses.'202'.content.'application/json'.schema.'$ref'",
                        is("#/components/schemas/GenerationCreated"))
                .body("paths.'/api/v1/generations'.get.responses.'200'.content.'application/json'.schema.'$ref'",
                        is("#/components/schemas/GenerationList"));
        Map<String, Object> paths = cast(doc.get("paths"));
        for (String p : List.of("/api/v1/assets", "/api/v1/assets/{asset_id}", "/api/v1/projects", "/api/v1/projects/{project_id}",
                "/api/v1/generations", "/api/v1/generations/{generation_id}", "/api/v1/generations/{generation_id}/cancel",
                "/api/v1/generations/{generation_id}/variants/{index}/preview", "/api/v1/render-stream/{stream_token}",
                "/api/v1/exports", "/api/v1/exports/{export_id}", "/api/v1/exports/{export_id}/file",
                "/api/v1/templates", "/api/v1/presets", "/admin/v1/accounts", "/admin/v1/accounts/{account_id}/keys")) {
            assertTrue(paths.containsKey(p), "missing " + p + " in " + paths.keySet());
        }
        Map<String, Object> schemas = map(map(doc.get("components")).get("schemas"));
        for (String noun : List.of("Asset", "AssetList", "Generation", "GenerationList", "GenerationCreated", "Export", "ExportList",
                "ExportCheck", "Preset", "PresetList", "PresetRule", "PresetLimits", "PresetSize", "Error", "JobError", "WebhookEndpoint", "WebhookEndpointList", "WebhookDelivery", "WebhookDeliveryList", "WebhookEvent", "StreamProgressEvent", "StreamVariantEvent", "StreamDoneEvent", "StreamErrorEvent")) {
            assertTrue(schemas.containsKey(noun), "missing schema " + noun + " in " + schemas.keySet());
        }
        Map<String, Object> upload = map(map(map(paths.get("/api/v1/assets")).get("post")).get("responses"));
        assertTrue(upload.keySet().containsAll(List.of("201", "400", "401", "413", "415", "422", "429", "500", "503")), upload.keySet().toString());
    }

    /** The form fields of the upload: the file, required, and beside it project_id, a string a client may leave out. */
    @Test
    void theUploadTakesAFileAndAnOptionalProjectIdAndSubjectBox() {
        Map<String, Object> form = map(map(map(map(map(map(map(doc.get("paths")).get("/api/v1/assets")).get("post"))
                .get("requestBody")).get("content")).get("multipart/form-data")).get("schema"));
        Map<String, Object> properties = map(form.get("properties"));
        assertEquals(Set.of("file", "project_id", "subject_box"), properties.keySet());
        assertEquals(Map.of("type", "string", "format", "binary"), properties.get("file"));
        assertEquals("string", map(properties.get("project_id")).get("type"));
        assertEquals("string", map(properties.get("subject_box")).get("type"));
        assertEquals(List.of("file"), form.get("required"), "the file is required, project_id and subject_box optional");
    }

    /** The served document quotes the configured file limit (the built one names its key; AssetUploadLimitTest sets another). */
    @Test
    void theUploadQuotesTheFileLimit() {
        assertEquals("JPG, PNG or WebP (by content, not by declared type), up to 20 MB, at least 800 px on the shorter side, "
                + "at most 100 Mpx.", map(map(map(doc.get("paths")).get("/api/v1/assets")).get("post")).get("description"));
    }

    /** What a webhook receiver gets, and the event types an endpoint subscribes to, as the service knows them. */
    @Test
    void webhookEventsAndTheirTypesAreDescribed() {
        Map<String, Object> schemas = map(map(doc.get("components")).get("schemas"));
        String typeRef = "#/components/schemas/WebhookEventType";
        assertEquals(Map.of("type", "string", "enum", WebhookEvents.TYPES), schemas.get("WebhookEventType"));

        Map<String, Object> event = map(schemas.get("WebhookEvent"));
        assertEquals("object", event.get("type"));
        assertEquals(List.of("id", "object", "type", "created_at", "data"), event.get("required"));
        Map<String, Object> props = map(event.get("properties"));
        assertEquals(Set.of("id", "object", "type", "created_at", "data"), props.keySet());
        assertEquals("string", map(props.get("id")).get("type"));
        assertEquals(Map.of("type", "string", "enum", List.of("event")), props.get("object"));
        assertEquals(Map.of("$ref", typeRef), props.get("type"));
        assertEquals(Map.of("type", "string", "format", "date-time"), props.get("created_at"));
        Map<String, Object> data = map(props.get("data"));
        assertEquals(List.of(Map.of("$ref", "#/components/schemas/Generation"), Map.of("$ref", "#/components/schemas/Export"),
                Map.of("$ref", "#/components/schemas/Batch")), data.get("oneOf"));
        assertEquals(Map.of("propertyName", "object", "mapping", Map.of("generation", "#/components/schemas/Generation",
                "export", "#/components/schemas/Export", "batch", "#/components/schemas/Batch")), data.get("discriminator"));
        assertEquals(List.of("generation"), enumOf("Generation", "object"));
        assertEquals(List.of("export"), enumOf("Export", "object"));
        assertEquals(List.of("batch"), enumOf("Batch", "object"));

        for (String schema : List.of("WebhookEndpoint", "CreateWebhookEndpoint", "UpdateWebhookEndpoint")) {
            Map<String, Object> events = map(map(map(schemas.get(schema)).get("properties")).get("events"));
            assertEquals("array", events.get("type"), schema);
            assertEquals(Map.of("$ref", typeRef), events.get("items"), schema);
        }
        assertEquals(Map.of("$ref", typeRef), map(map(map(schemas.get("WebhookDelivery")).get("properties")).get("event_type")));
    }

    private List<String> enumOf(String schema, String property) {
        Map<String, Object> s = map(map(map(doc.get("components")).get("schemas")).get(schema));
        return cast(map(map(s.get("properties")).get(property)).get("enum"));
    }

    private boolean refersToError(Map<String, Object> response) {
        Map<String, Map<String, Object>> content = cast(response.get("content"));
        return content != null && content.containsKey("application/json")
                && "#/components/schemas/Error".equals(map(content.get("application/json").get("schema")).get("$ref"));
    }

    private void forEachOperation(java.util.function.BiConsumer<String, Map<String, Object>> check) {
        Map<String, Map<String, Object>> paths = cast(doc.get("paths"));
        paths.forEach((path, item) -> item.forEach((method, op) -> {
            if (METHODS.contains(method)) {
                check.accept(method.toUpperCase() + " " + path, cast(op));
            }
        }));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }
}
