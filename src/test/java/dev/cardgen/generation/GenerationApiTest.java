package dev.cardgen.generation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.cardgen.api.UrlSigner;
import dev.cardgen.testing.Api;
import dev.cardgen.testing.OpenApiContract;
import dev.cardgen.testing.Sse;
import dev.cardgen.testing.TestClock;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.io.ByteArrayInputStream;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.cardgen.testing.Api.assertError;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.aMapWithSize;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class GenerationApiTest {

    @Inject
    UrlSigner signer;

    @Inject
    TestClock clock;

    @Inject
    GenerationService generations;

    @Inject
    ObjectMapper json;

    static String uploadAsset(String key) {
        return Api.uploadProduct(key, "red_bottle-IMG_2041.jpg");
    }

    static io.restassured.response.ExtractableResponse<io.restassured.response.Response> create(String key, Map<String, Object> body) {
        return Api.as(key).contentType(ContentType.JSON).body(body).post("/api/v1/generations").then().extract();
    }

    /** A new account, a photo it uploaded, and the generation it asked of it, with the one-time stream URL. */
    record Created(Api.TestAccount acct, String asset, String id, String streamUrl) {
        String key() {
            return acct.key();
        }
    }

    static Created newGeneration(int variants) {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        var created = create(acct.key(), Map.of("asset_id", asset, "variants", variants));
        return new Created(acct, asset, created.path("id"), created.path("stream_url"));
    }

    /** {@link #newGeneration}, once it has completed. */
    static Created completedGeneration(int variants) {
        Created g = newGeneration(variants);
        awaitStatus(g.key(), g.id(), "completed");
        return g;
    }

    static void awaitStatus(String key, String id, String status) {
        await().atMost(Duration.ofSeconds(60)).until(() ->
                status.equals(Api.json(Api.as(key).get("/api/v1/generations/" + id).then()).path("status").asText()));
    }

    @Test
    void createAnswers202AtOnceWithTheSpecFields() {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        var created = Api.as(acct.key()).contentType(ContentType.JSON).body(Map.of("asset_id", asset)).post("/api/v1/generations").then()
                .statusCode(202)
                .body("$", aMapWithSize(7))
                .body("id", matchesPattern("gen_[0-9A-Za-z]{24}"))
                .body("object", is("generation"))
                .body("status", is("queued"))
                .body("variants_requested", is(3))
                .body("stream_url", matchesPattern("http://localhost:\\d+/api/v1/render-stream/[A-Za-z0-9_-]{43}"))
                .extract();
        Instant createdAt = Instant.parse(created.path("created_at"));
        Instant expires = Instant.parse(created.path("stream_expires_at"));
        assertEquals(Duration.ofMinutes(15), Duration.between(createdAt, expires));
    }

    @Test
    void aGenerationCompletesWithPreviewsAndFilledTexts() throws Exception {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        String id = create(acct.key(), Map.of("asset_id", asset, "marketplace", "market4", "variants", 2,
                "text", Map.of("facts", List.of("Holds 500 ml", "Keeps cold 24 h")))).path("id");
        awaitStatus(acct.key(), id, "completed");
        var g = Api.as(acct.key()).get("/api/v1/generations/" + id).then().statusCode(200)
                .body("object", is("generation")).body("asset_id", is(asset)).body("project_id", is(acct.defaultProjectId()))
                .body("template", is("studio")).body("marketplace", is("market4")).body("ratio", is("1:1"))
                .body("variants_requested", is(2)).body("variants", hasSize(2)).body("error", nullValue())
                .body("text.title", is("Red bottle")).body("text.facts", is(List.of("Holds 500 ml", "Keeps cold 24 h")))
                .body("text.badge", notNullValue())
                .body("variants[0].index", is(0)).body("variants[1].index", is(1))
                .body("variants[0].width", is(800)).body("variants[0].height", is(800))
                .body("started_at", notNullValue()).body("completed_at", notNullValue())
                .extract();
        String previewUrl = g.path("variants[0].preview_url");
        assertTrue(previewUrl.matches("http://localhost:\\d+/api/v1/generations/" + id + "/variants/0/preview\\?expires=\\d+&signature=[A-Za-z0-9_-]+"), previewUrl);

        // With the key: the image, cacheable for ever.
        var withKey = Api.as(acct.key()).get("/api/v1/generations/" + id + "/variants/0/preview").then().statusCode(200)
                .contentType("image/jpeg").header("ETag", is("\"" + id + "-0\""))
                .header("Cache-Control", is("private, max-age=31536000, immutable")).extract();
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(withKey.asByteArray()));
        assertEquals(800, img.getWidth());
        assertEquals(800, img.getHeight());
        Api.as(acct.key()).header("If-None-Match", "\"" + id + "-0\"").get("/api/v1/generations/" + id + "/variants/0/preview").then().statusCode(304)
                .header("ETag", is("\"" + id + "-0\"")).header("Cache-Control", is("private, max-age=31536000, immutable"));
        Api.as(acct.key()).header("If-None-Match", "\"other\", W/\"" + id + "-0\"").get("/api/v1/generations/" + id + "/variants/0/preview").then().statusCode(304);

        // Without a key: the signed URL works as is, and only as is.
        RestAssured.given().urlEncodingEnabled(false).get(previewUrl).then().statusCode(200).contentType("image/jpeg");
        assertError(RestAssured.given().urlEncodingEnabled(false).get(previewUrl.replace("signature=", "signature=x")).then(),
                403, "permission_error", "url_signature_invalid", null);
        assertError(RestAssured.given().urlEncodingEnabled(false).get(previewUrl.replace("/variants/0/", "/variants/1/")).then(),
                403, "permission_error", "url_signature_invalid", null);
        String path = GenerationService.previewPath(id, 0);
        String expired = path + "?" + signer.sign(path, Duration.ofSeconds(-60)).query();
        assertError(RestAssured.given().urlEncodingEnabled(false).get(expired).then(), 403, "permission_error", "url_expired", null);
        assertError(RestAssured.given().get(path).then(), 401, "authentication_error", "api_key_missing", null);
        assertError(Api.as(acct.key()).get("/api/v1/generations/" + id + "/variants/3/preview").then(), 404, "invalid_request_error", "resource_missing", "id");
    }

    @Test
    void theStreamTellsTheWholeStoryInOrderAndReplaysIt() throws Exception {
        Created g = newGeneration(3);
        String url = g.streamUrl();
        List<Sse.Event> events = Sse.readUntilClosed(url, Duration.ofSeconds(60));
        assertStory(g.id(), events, 3);
        OpenApiContract.INSTANCE.assertEventsMatch(url, events);
        // After completion: the same events again, from the first, then the close.
        List<Sse.Event> replay = Sse.readUntilClosed(url, Duration.ofSeconds(10));
        assertEquals(events.stream().map(Sse.Event::raw).toList(), replay.stream().map(Sse.Event::raw).toList());
    }

    static void assertStory(String id, List<Sse.Event> events, int variants) {
        List<String> names = events.stream().map(Sse.Event::name).toList();
        assertEquals("done", names.get(names.size() - 1), names.toString());
        List<String> stages = new ArrayList<>();
        double last = -1;
        int nextVariant = 0;
        for (Sse.Event e : events) {
            Map<String, Object> d = e.data();
            assertEquals(id, d.get("generation_id"));
            switch (e.name()) {
                case "progress" -> {
                    assertEquals(java.util.Set.of("generation_id", "stage", "progress"), d.keySet());
                    double p = ((Number) d.get("progress")).doubleValue();
                    assertTrue(p >= last && p >= 0 && p <= 1, "progress " + p + " after " + last);
                    last = p;
                    String stage = (String) d.get("stage");
                    if (stages.isEmpty() || !stages.get(stages.size() - 1).equals(stage)) {
                        stages.add(stage);
                    }
                }
                case "variant" -> {
                    assertEquals(java.util.Set.of("generation_id", "index", "preview_url"), d.keySet());
                    assertEquals(nextVariant++, ((Number) d.get("index")).intValue());
                    assertTrue(((String) d.get("preview_url")).contains("/variants/" + (nextVariant - 1) + "/preview?expires="));
                }
                case "done" -> {
                    assertEquals(Map.of("generation_id", id, "status", "completed", "variants", variants), d);
                }
                default -> throw new AssertionError("unexpected event " + e.name());
            }
        }
        assertEquals(List.of("subject", "scene", "layout", "render"), stages);
        assertEquals(variants, nextVariant);
    }

    @Test
    void eachBadFieldIs400NamingIt() {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        String url = "/api/v1/generations";
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("{}").post(url).then(), 400, "invalid_request_error", "parameter_missing", "asset_id");
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("{\"asset_id\":").post(url).then(), 400, "invalid_request_error", "invalid_json", null);
        assertError(Api.as(acct.key()).contentType(ContentType.JSON).body("\"x\"").post(url).then(), 400, "invalid_request_error", "invalid_json", null);
        assertError(create400(acct.key(), Map.of("asset_id", asset, "template", "nope")), 400, "invalid_request_error", "parameter_invalid", "template");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "marketplace", "amazon")), 400, "invalid_request_error", "parameter_invalid", "marketplace");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "ratio", "4:3")), 400, "invalid_request_error", "parameter_invalid", "ratio");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "variants", 5)), 400, "invalid_request_error", "parameter_invalid", "variants");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "variants", 0)), 400, "invalid_request_error", "parameter_invalid", "variants");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "variants", "three")), 400, "invalid_request_error", "parameter_invalid", "variants");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "colour", "red")), 400, "invalid_request_error", "parameter_unknown", "colour");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("colour", "red"))), 400, "invalid_request_error", "parameter_unknown", "text.colour");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("title", "x".repeat(121)))), 400, "invalid_request_error", "parameter_invalid", "text.title");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("subtitle", "x".repeat(161)))), 400, "invalid_request_error", "parameter_invalid", "text.subtitle");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("badge", "x".repeat(25)))), 400, "invalid_request_error", "parameter_invalid", "text.badge");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("facts", List.of("a", "b", "c", "d", "e", "f", "g")))), 400, "invalid_request_error", "parameter_invalid", "text.facts");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("facts", List.of("ok", "x".repeat(81))))), 400, "invalid_request_error", "parameter_invalid", "text.facts[1]");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("facts", "one"))), 400, "invalid_request_error", "parameter_invalid", "text.facts");
        // Characters no bundled font draws are refused up front, naming the field; drawable scripts pass validation.
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("title", "Серум 中文 \uD840\uDC00"))), 422, "invalid_request_error", "unsupported_characters", "text.title");
        assertError(create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("facts", List.of("ok", "עמיד", "new \uD83D\uDE00")))), 422, "invalid_request_error", "unsupported_characters", "text.facts[2]");
        create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("badge", "한국 \uD840\uDC00"))).statusCode(422)
                .body("error.message", is("text.badge contains characters the card fonts cannot draw: '\uD840\uDC00' (U+20000)."));
        // A locale that is no BCP 47 tag, or one without words, is refused naming it.
        var unknown = create400(acct.key(), Map.of("asset_id", asset, "locale", "sw"));
        assertError(unknown, 422, "invalid_request_error", "locale_unsupported", "locale");
        unknown.body("error.message", is("locale 'sw' is not supported. Supported: en, ru, uk, kk, uz, tr, de, fr, es, pt, pl, it, ar, he, hi, th, "
                + "zh-Hans, zh-Hant, ja, ko."));
        var illFormed = create400(acct.key(), Map.of("asset_id", asset, "locale", "en_US"));
        assertError(illFormed, 422, "invalid_request_error", "locale_unsupported", "locale");
        illFormed.body("error.message", is("locale 'en_US' is not a BCP 47 language tag (e.g. en, pt-BR, zh-Hans)."));
        assertError(create400(acct.key(), Map.of("asset_id", asset, "locale", 7)), 400, "invalid_request_error", "parameter_invalid", "locale");
        // A mark is drawn with its base's font: U+0301 is in Roboto, Noto Sans Hebrew lacks it, so no font draws "א́" whole.
        var mark = create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("subtitle", "מעיל א\u0301")));
        assertError(mark, 422, "invalid_request_error", "unsupported_characters", "text.subtitle");
        mark.body("error.message", is("text.subtitle contains characters the card fonts cannot draw: 'א\u0301' (U+05D0 U+0301)."));
        // Invisible format characters no font has are refused too (Java2D would draw a box).
        var joiner = create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("facts", List.of("Gore\u2060Tex \u2066XL\u2069"))));
        assertError(joiner, 422, "invalid_request_error", "unsupported_characters", "text.facts[0]");
        joiner.body("error.message", is("text.facts[0] contains characters the card fonts cannot draw: '\u2060' (U+2060), '\u2066' (U+2066), '\u2069' (U+2069)."));
        // A character far wider than any letter (a bismillah ligature, 7.9 em) could never fit 120 times: refused.
        var wide = create400(acct.key(), Map.of("asset_id", asset, "text", Map.of("badge", "\uFDFD")));
        assertError(wide, 422, "invalid_request_error", "unsupported_characters", "text.badge");
        wide.body("error.message", is("text.badge contains characters too wide for the card (more than 1.45 em): '\uFDFD' (U+FDFD)."));
        assertError(create400(acct.key(), Map.of("asset_id", "ast_000000000000000000000000")), 404, "invalid_request_error", "resource_missing", "asset_id");
        // Nothing was created, nothing was charged.
        Api.as(acct.key()).get("/api/v1/generations").then().statusCode(200).body("data", hasSize(0));
    }

    @Test
    void theCardSpeaksTheLocaleAskedForOrTheOneItsTextsAreIn() {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        // Asked for: the filled subtitle and badge are German; a region picks the language's words.
        String de = create(acct.key(), Map.of("asset_id", asset, "template", "gradient", "variants", 1, "locale", "de-AT")).path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + de).then().statusCode(200).body("locale", is("de"))
                .body("text", is(Map.of("title", "Red bottle", "subtitle", "Frischer Look, Qualität für jeden Tag", "facts", List.of(),
                        "badge", "NEU")));
        // The locale asked for wins over the texts' language and the header.
        String ko = Api.as(acct.key()).header("Accept-Language", "fr").contentType(ContentType.JSON).body(Map.of("asset_id", asset,
                "template", "bold", "variants", 1, "locale", "ko", "text", Map.of("title", "Чайник"))).post("/api/v1/generations")
                .then().statusCode(202).extract().path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + ko).then().body("locale", is("ko")).body("text.badge", is("인기"));
        // Inferred from the texts: Kazakh letters, kana.
        String kk = create(acct.key(), Map.of("asset_id", asset, "template", "gradient", "variants", 1,
                "text", Map.of("title", "Су құтысы, 750 мл"))).path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + kk).then().body("locale", is("kk"))
                .body("text.subtitle", is("Жаңа көрініс, күнделікті сапа")).body("text.badge", is("ЖАҢА"));
        String ja = create(acct.key(), Map.of("asset_id", asset, "template", "infographic", "variants", 1,
                "text", Map.of("title", "ステンレス水筒「軽量」750ml", "facts", List.of("24時間保冷")))).path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + ja).then().body("locale", is("ja"))
                .body("text.title", is("ステンレス水筒「軽量」750ml")).body("text.subtitle", is("主な特長をひと目で"))
                .body("text.facts", is(List.of("24時間保冷"))).body("text.badge", nullValue());
        // Texts that tell nothing (a brand, a file name in English letters): Accept-Language, else English.
        String tr = Api.as(acct.key()).header("Accept-Language", "sw, tr-TR;q=0.9, en;q=0.5").contentType(ContentType.JSON)
                .body(Map.of("asset_id", asset, "variants", 1)).post("/api/v1/generations").then().statusCode(202).extract().path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + tr).then().body("locale", is("tr")).body("text.badge", is("YENİ"));
        String en = create(acct.key(), Map.of("asset_id", asset, "variants", 1, "text", Map.of("title", "Nike Air Max 90"))).path("id");
        Api.as(acct.key()).get("/api/v1/generations/" + en).then().body("locale", is("en")).body("text.badge", is("NEW"));
        // The list shows it too.
        Api.as(acct.key()).get("/api/v1/generations?limit=6").then().statusCode(200)
                .body("data.locale", is(List.of("en", "tr", "ja", "kk", "ko", "de")));
    }

    @Test
    void aChineseCardIsAcceptedAndRendered() {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        String id = create(acct.key(), Map.of("asset_id", asset, "template", "infographic", "variants", 1,
                "text", Map.of("title", "不锈钢保温杯，24小时保冷", "facts", List.of("食品级304不锈钢", "容量750毫升")))).path("id");
        awaitStatus(acct.key(), id, "completed");
        Api.as(acct.key()).get("/api/v1/generations/" + id).then().statusCode(200).body("locale", is("zh-Hans"))
                .body("text.subtitle", is("核心卖点一览")).body("variants", hasSize(1)).body("error", nullValue());
    }

    private static io.restassured.response.ValidatableResponse create400(String key, Map<String, Object> body) {
        return Api.as(key).contentType(ContentType.JSON).body(body).post("/api/v1/generations").then();
    }

    @Test
    void textsOfWideLettersThatCannotFitTheSmallestCardAre400NamingTheWidestField() {
        var acct = Api.newAccount();
        Api.admin().body(Map.of("monthly_allowance", 3)).post("/admin/v1/accounts/" + acct.id()).then().statusCode(200);
        String asset = uploadAsset(acct.key());
        // Ⅶ (1.24 em) and Љ (1.07 em) are accepted letters, but at every field's limit they overflow the 1:1 cards.
        for (String letter : List.of("Ⅶ", "Љ")) {
            var refused = create400(acct.key(), Map.of("asset_id", asset, "template", "bold", "text", Map.of(
                    "title", letter.repeat(120), "subtitle", letter.repeat(160),
                    "facts", java.util.Collections.nCopies(6, letter.repeat(80)), "badge", letter.repeat(24))));
            assertError(refused, 400, "invalid_request_error", "parameter_invalid", "text.subtitle");
            refused.body("error.message", is("The texts do not fit on the smallest card of template 'bold' even at the smallest"
                    + " type: they use characters wider than usual letters (text.subtitle is the widest). Shorten text.subtitle"
                    + " or the other texts, or use narrower characters."));
        }
        // Nothing was created and no quota taken: the whole allowance is still there for the same letters, fewer of them.
        Api.as(acct.key()).get("/api/v1/generations").then().statusCode(200).body("data", hasSize(0));
        create400(acct.key(), Map.of("asset_id", asset, "template", "bold", "variants", 3, "text",
                Map.of("title", "Ⅶ‱ Љ ﷺ jacket", "facts", List.of("Ⅶ fact", "Љ fact")))).statusCode(202);
    }

    @Test
    void anotherAccountsAssetAndGenerationAre404() {
        var alice = Api.newAccount();
        var bob = Api.newAccount();
        String asset = uploadAsset(alice.key());
        assertError(create400(bob.key(), Map.of("asset_id", asset)), 404, "invalid_request_error", "resource_missing", "asset_id");
        String id = create(alice.key(), Map.of("asset_id", asset, "variants", 1)).path("id");
        assertError(Api.as(bob.key()).get("/api/v1/generations/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(bob.key()).post("/api/v1/generations/" + id + "/cancel").then(), 404, "invalid_request_error", "resource_missing", "id");
        assertError(Api.as(bob.key()).get("/api/v1/generations/" + id + "/variants/0/preview").then(), 404, "invalid_request_error", "resource_missing", "id");
        Api.as(bob.key()).get("/api/v1/generations").then().body("data", hasSize(0));
        // The list filters take Alice's ids from Bob as ids of nothing: an empty list, not hers.
        for (String filter : List.of("asset_id=" + asset, "project_id=" + alice.defaultProjectId())) {
            Api.as(alice.key()).get("/api/v1/generations?" + filter).then().statusCode(200).body("data.id", is(List.of(id)));
            Api.as(bob.key()).get("/api/v1/generations?" + filter).then().statusCode(200)
                    .body("data", hasSize(0)).body("has_more", is(false));
        }
        // Once finished, Alice's record is served from memory; it stays hers.
        awaitStatus(alice.key(), id, "completed");
        assertError(Api.as(bob.key()).get("/api/v1/generations/" + id).then(), 404, "invalid_request_error", "resource_missing", "id");
    }

    @Test
    void aFinishedGenerationReadsTheSameEveryTimeWithFreshPreviewLinks() {
        Created g = completedGeneration(2);
        String id = g.id();
        Map<String, Object> first = Api.as(g.key()).get("/api/v1/generations/" + id).then().statusCode(200).extract().jsonPath().getMap("$");
        Map<String, Object> second;
        long signedFrom, signedTo;
        clock.advanceWhenIdle(Duration.ofMinutes(10));
        try {
            signedFrom = clock.instant().plus(Duration.ofHours(24)).getEpochSecond();
            second = Api.as(g.key()).get("/api/v1/generations/" + id).then().statusCode(200).extract().jsonPath().getMap("$");
            signedTo = clock.instant().plus(Duration.ofHours(24)).getEpochSecond();
        } finally {
            clock.reset();
        }

        assertEquals(withoutLinks(first), withoutLinks(second));
        // and both are what the database holds
        Map<String, Object> stored = json.convertValue(QuarkusTransaction.requiringNew().call(() ->
                generations.view(generations.find(id).orElseThrow())), new TypeReference<Map<String, Object>>() { });
        assertEquals(withoutLinks(stored), withoutLinks(second));
        List<Map<String, Object>> before = variants(first), after = variants(second);
        for (int i = 0; i < 2; i++) {
            String link = (String) after.get(i).get("preview_url");
            long expires = Long.parseLong(link.replaceAll(".*expires=(\\d+).*", "$1"));
            assertTrue(expires >= signedFrom && expires <= signedTo, link + " expires 24 h after the read, by the moved clock");
            assertNotEquals(before.get(i).get("preview_url"), link);
            RestAssured.given().urlEncodingEnabled(false).get(link).then().statusCode(200).contentType("image/jpeg");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> variants(Map<String, Object> generation) {
        return (List<Map<String, Object>>) generation.get("variants");
    }

    private static Map<String, Object> withoutLinks(Map<String, Object> generation) {
        Map<String, Object> copy = new java.util.HashMap<>(generation);
        copy.put("variants", variants(generation).stream().map(v -> {
            Map<String, Object> m = new java.util.HashMap<>(v);
            m.remove("preview_url");
            return m;
        }).toList());
        return copy;
    }

    @Test
    void deletedAssetCannotBeUsed() {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        Api.as(acct.key()).delete("/api/v1/assets/" + asset).then().statusCode(200);
        assertError(create400(acct.key(), Map.of("asset_id", asset)), 404, "invalid_request_error", "resource_missing", "asset_id");
    }

    @Test
    void quotaIsTakenAtCreateAndRefusedBeyondTheAllowance() {
        var acct = Api.newAccount();
        Api.admin().body(Map.of("monthly_allowance", 4)).post("/admin/v1/accounts/" + acct.id()).then().statusCode(200);
        String asset = uploadAsset(acct.key());
        create400(acct.key(), Map.of("asset_id", asset, "variants", 3)).statusCode(202);
        assertError(create400(acct.key(), Map.of("asset_id", asset, "variants", 2)), 429, "rate_limit_error", "quota_exceeded", null);
        create400(acct.key(), Map.of("asset_id", asset, "variants", 1)).statusCode(202);
        assertError(create400(acct.key(), Map.of("asset_id", asset, "variants", 1)), 429, "rate_limit_error", "quota_exceeded", null);
    }

    @Test
    void cancelAFinishedGenerationIs409() {
        Created g = completedGeneration(1);
        assertError(Api.as(g.key()).post("/api/v1/generations/" + g.id() + "/cancel").then(), 409, "invalid_request_error", "generation_already_finished", null);
    }

    @Test
    void sameIdempotencyKeyFromTwentyParallelRequestsMakesOneGeneration() throws Exception {
        var acct = Api.newAccount();
        String asset = uploadAsset(acct.key());
        Map<String, Object> body = Map.of("asset_id", asset, "variants", 1);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        List<Future<io.restassured.response.Response>> answers = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            answers.add(pool.submit((Callable<io.restassured.response.Response>) () ->
                    Api.as(acct.key()).header("Idempotency-Key", "order-42").contentType(ContentType.JSON).body(body).post("/api/v1/generations")));
        }
        List<Integer> statuses = new ArrayList<>();
        String id = null;
        for (var f : answers) {
            var r = f.get();
            statuses.add(r.statusCode());
            if (r.statusCode() == 202) {
                String got = r.path("id");
                assertTrue(id == null || id.equals(got), "two different generations: " + id + " " + got);
                id = got;
            } else {
                assertEquals(409, r.statusCode());
                assertEquals("idempotency_key_in_use", r.path("error.code"));
            }
        }
        pool.shutdown();
        assertTrue(statuses.contains(202), statuses.toString());
        Api.as(acct.key()).get("/api/v1/generations").then().body("data", hasSize(1)).body("data[0].id", is(id));

        // A later retry replays the first answer, exactly.
        var first = Api.as(acct.key()).header("Idempotency-Key", "order-42").contentType(ContentType.JSON).body(body).post("/api/v1/generations").then()
                .statusCode(202).header("Idempotent-Replayed", is("true")).body("id", is(id)).body("status", is("queued")).extract();
        assertEquals(id, first.path("id"));
        // Same key, other body: refused. Other account, same key: its own.
        assertError(Api.as(acct.key()).header("Idempotency-Key", "order-42").contentType(ContentType.JSON)
                .body(Map.of("asset_id", asset, "variants", 2)).post("/api/v1/generations").then(), 422, "invalid_request_error", "idempotency_key_reused", null);
        // A retry that failed validation is evaluated again, not replayed.
        assertError(Api.as(acct.key()).header("Idempotency-Key", "k-2").contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 9))
                .post("/api/v1/generations").then(), 400, "invalid_request_error", "parameter_invalid", "variants");
        Api.as(acct.key()).header("Idempotency-Key", "k-2").contentType(ContentType.JSON).body(Map.of("asset_id", asset, "variants", 1))
                .post("/api/v1/generations").then().statusCode(202).header("Idempotent-Replayed", nullValue());
    }

    @Test
    void listFiltersByAssetAndStatus() {
        var acct = Api.newAccount();
        String a1 = uploadAsset(acct.key());
        String a2 = uploadAsset(acct.key());
        String g1 = create(acct.key(), Map.of("asset_id", a1, "variants", 1)).path("id");
        String g2 = create(acct.key(), Map.of("asset_id", a2, "variants", 1)).path("id");
        Api.as(acct.key()).get("/api/v1/generations").then().body("data.id", is(List.of(g2, g1)));
        Api.as(acct.key()).queryParam("asset_id", a1).get("/api/v1/generations").then().body("data.id", is(List.of(g1)));
        awaitStatus(acct.key(), g1, "completed");
        awaitStatus(acct.key(), g2, "completed");
        Api.as(acct.key()).queryParam("status", "completed").get("/api/v1/generations").then().body("data", hasSize(2));
        Api.as(acct.key()).queryParam("status", "failed").get("/api/v1/generations").then().body("data", hasSize(0));
        assertError(Api.as(acct.key()).queryParam("status", "done").get("/api/v1/generations").then(), 400, "invalid_request_error", "parameter_invalid", "status");
    }
}
