package dev.cardgen.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.api.ApiException;
import dev.cardgen.core.JobError;
import dev.cardgen.render.text.Texts;
import dev.cardgen.testing.Api;
import io.quarkus.test.InjectMock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.cardgen.testing.Api.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.when;

/**
 * The HTTP shape of a generation in the states a real run reaches only by failing or racing it (failed
 * with its error, queued before any worker), and of the service's refusals, with the service mocked: every
 * field on the wire, named and null as the contract says. The mock answers for the whole application while a
 * test runs, so nothing here asserts what else called it. What the service does in those states (the queue,
 * the leases, cancel under a lock, the stream) is proven against the real database by GenerationApiTest,
 * GenerationResilienceTest and StreamResumeTest.
 */
@QuarkusTest
class GenerationResourceShapeTest {

    @InjectMock
    GenerationService generations;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aFailedGenerationHasItsErrorAndNullsForWhatNeverHappened() throws Exception {
        var acct = Api.newAccount();
        var texts = new Texts("Kaffeebecher", null, List.of("350 ml", "Spülmaschinenfest"), "NEU");
        when(generations.viewOwned(acct.id(), "gen_0000000000000000000000f1")).thenReturn(new GenerationView(
                "gen_0000000000000000000000f1", "generation", "failed", 3, "ast_00000000000000000000000a", 2, acct.defaultProjectId(),
                "bold", null, "1:1", texts, "de", List.of(), new JobError("render_failed", "The card could not be rendered."),
                "2026-11-28T10:15:00Z", "2026-11-28T10:00:00Z", null, "2026-11-28T10:00:01Z", null, null));

        String body = Api.as(acct.key()).get("/api/v1/generations/gen_0000000000000000000000f1")
                .then().statusCode(200).contentType(ContentType.JSON).extract().asString();

        assertEquals(JSON.readTree("""
                {"id":"gen_0000000000000000000000f1","object":"generation","status":"failed","variants_requested":3,
                 "asset_id":"ast_00000000000000000000000a","cutout_version":2,"project_id":"%s","template":"bold",
                 "marketplace":null,"ratio":"1:1",
                 "text":{"title":"Kaffeebecher","subtitle":null,"facts":["350 ml","Spülmaschinenfest"],"badge":"NEU"},
                 "locale":"de","variants":[],"error":{"code":"render_failed","message":"The card could not be rendered."},
                 "stream_expires_at":"2026-11-28T10:15:00Z","created_at":"2026-11-28T10:00:00Z","started_at":null,
                 "completed_at":"2026-11-28T10:00:01Z","batch_id":null,"reference":null}
                """.formatted(acct.defaultProjectId())), JSON.readTree(body));
    }

    @Test
    void aQueuedBatchItemHasItsBatchAndReferenceAndNoVariantsYet() throws Exception {
        var acct = Api.newAccount();
        var texts = new Texts("Mug", "Stoneware", List.of(), null);
        when(generations.viewOwned(acct.id(), "gen_0000000000000000000000q1")).thenReturn(new GenerationView(
                "gen_0000000000000000000000q1", "generation", "queued", 1, "ast_00000000000000000000000b", 1, acct.defaultProjectId(),
                "studio", "market4", "1:1", texts, "en", List.of(), null,
                "2026-11-28T10:15:00Z", "2026-11-28T10:00:00Z", null, null, "bat_00000000000000000000000c", "SKU-1001"));

        String body = Api.as(acct.key()).get("/api/v1/generations/gen_0000000000000000000000q1")
                .then().statusCode(200).contentType(ContentType.JSON).extract().asString();

        assertEquals(JSON.readTree("""
                {"id":"gen_0000000000000000000000q1","object":"generation","status":"queued","variants_requested":1,
                 "asset_id":"ast_00000000000000000000000b","cutout_version":1,"project_id":"%s","template":"studio",
                 "marketplace":"market4","ratio":"1:1",
                 "text":{"title":"Mug","subtitle":"Stoneware","facts":[],"badge":null},
                 "locale":"en","variants":[],"error":null,
                 "stream_expires_at":"2026-11-28T10:15:00Z","created_at":"2026-11-28T10:00:00Z","started_at":null,
                 "completed_at":null,"batch_id":"bat_00000000000000000000000c","reference":"SKU-1001"}
                """.formatted(acct.defaultProjectId())), JSON.readTree(body));
    }

    @Test
    void theServicesRefusalsKeepTheErrorShape() {
        var acct = Api.newAccount();
        when(generations.cancel(acct.id(), "gen_0000000000000000000000d1")).thenThrow(
                ApiException.conflict("generation_already_finished", "This generation has already finished as 'completed'."));
        when(generations.viewOwned(acct.id(), "gen_0000000000000000000000d2")).thenThrow(
                ApiException.notFound("generation", "gen_0000000000000000000000d2"));

        assertError(Api.as(acct.key()).post("/api/v1/generations/gen_0000000000000000000000d1/cancel").then(), 409,
                "invalid_request_error", "generation_already_finished", null);
        assertError(Api.as(acct.key()).get("/api/v1/generations/gen_0000000000000000000000d2").then(), 404,
                "invalid_request_error", "resource_missing", "id");
    }
}
