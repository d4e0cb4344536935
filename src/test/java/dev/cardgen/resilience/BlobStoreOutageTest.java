package dev.cardgen.resilience;

import dev.cardgen.testing.Api;
import dev.cardgen.testing.OneWorkerProfile;
import dev.cardgen.testing.Photos;
import dev.cardgen.testing.RestartableS3Proxy;
import dev.cardgen.testing.Sse;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The S3 server stops while generations run and starts again on the same data once every generation
 * has met it: readiness follows it, requests that need the store get 503 with Retry-After meanwhile,
 * and the jobs that could not reach it wait out a back-off instead of using up their attempts, so
 * every generation completes once and every stream shows each of its events once, in order.
 */
@QuarkusTest
@TestProfile(OneWorkerProfile.class)
class BlobStoreOutageTest {

    @Inject
    AgroalDataSource db;

    @Test
    void generationsRunningWhenTheBlobStoreRestartsCompleteOnce() throws Exception {
        var acct = Api.newAccount();
        byte[] photo = Photos.productJpeg(1600, 1200);
        String asset = Api.as(acct.key()).multiPart("file", "bottle.jpg", photo, "image/jpeg")
                .post("/api/v1/assets").then().statusCode(201).extract().path("id");
        List<String> ids = new ArrayList<>();
        List<CompletableFuture<List<Sse.Event>>> streams = new ArrayList<>();
        DatabaseOutageTest.startAndFollow(acct.key(), asset, 3, ids, streams);

        // Stop the store as soon as the first generation has shown a variant: it is mid-run, the others queued.
        DatabaseOutageTest.awaitFirstVariant(acct.key(), ids.get(0));
        RestartableS3Proxy.stopServer();
        Instant stopped = Instant.now();
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                RestAssured.get("/q/health/ready").then().statusCode(503).body("status", is("DOWN")));
        assertError(Api.as(acct.key()).multiPart("file", "bottle.jpg", photo, "image/jpeg").post("/api/v1/assets")
                .then().header("Retry-After", is("5")), 503, "api_error", "service_unavailable", null);
        // What lives in the database alone still answers.
        Api.as(acct.key()).get("/api/v1/generations/" + ids.get(2)).then().statusCode(200);

        // The outage lasts until each unfinished generation's job has met it and been put back uncounted.
        await().atMost(Duration.ofSeconds(60)).until(() -> eachUnfinishedJobDeferred(ids));
        RestartableS3Proxy.startServer();
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() ->
                RestAssured.get("/q/health/ready").then().statusCode(200).body("status", is("UP")));

        for (String id : ids) {
            await().atMost(Duration.ofSeconds(120)).until(() ->
                    !"queued".equals(status(acct.key(), id)) && !"running".equals(status(acct.key(), id)));
            Api.as(acct.key()).get("/api/v1/generations/" + id).then().statusCode(200)
                    .body("status", is("completed")).body("variants.size()", is(4)).body("error", is((Object) null));
        }
        Instant lastDone = Instant.parse(Api.as(acct.key()).get("/api/v1/generations/" + ids.get(2)).then().extract().path("completed_at"));
        assertTrue(lastDone.isAfter(stopped), "the outage found generations unfinished");
        for (int i = 0; i < streams.size(); i++) {
            DatabaseOutageTest.assertStreamOnce(ids.get(i), streams.get(i).get(150, TimeUnit.SECONDS));
        }
        // The unreachable store cost no attempt: each job ran one counted attempt, and some waited out a back-off.
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FILTER (WHERE attempts = 1 AND state = 'done'), max(deferrals) FROM jobs WHERE ref_id = ANY (?)")) {
            ps.setArray(1, c.createArrayOf("text", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertEquals(3, rs.getInt(1));
                assertTrue(rs.getInt(2) >= 1, "no job waited for the store");
            }
        }
        // Previews written before the outage are served again.
        String preview = Api.as(acct.key()).get("/api/v1/generations/" + ids.get(0)).then().extract().path("variants[0].preview_url");
        RestAssured.given().urlEncodingEnabled(false).get(preview).then().statusCode(200).contentType("image/jpeg");
    }

    private boolean eachUnfinishedJobDeferred(List<String> ids) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT count(*) FILTER (WHERE state <> 'done' AND deferrals = 0), max(deferrals) FROM jobs WHERE ref_id = ANY (?)")) {
            ps.setArray(1, c.createArrayOf("text", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1) == 0 && rs.getInt(2) >= 1;
            }
        }
    }

    private static String status(String key, String id) {
        return Api.as(key).get("/api/v1/generations/" + id).then().extract().path("status");
    }
}
