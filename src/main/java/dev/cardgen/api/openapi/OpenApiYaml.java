package dev.cardgen.api.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.util.StringQuotingChecker;
import io.quarkus.smallrye.openapi.runtime.OpenApiDocumentService;
import io.smallrye.openapi.runtime.io.Format;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Serves the YAML form of {@code /q/openapi} written from the JSON form, with every string that a
 * YAML 1.1 parser would read as something else quoted. The YAML the framework writes leaves the
 * ratios {@code 3:4}, {@code 1:1} and {@code 9:16} plain: valid YAML 1.2, but SnakeYAML and the other
 * 1.1 parsers inside code generators read them as the sexagesimal numbers 184, 61 and 556.
 * JSON requests ({@code ?format=json}, {@code Accept: application/json}, {@code /q/openapi.json}) go
 * on to the framework's handler unchanged; so does everything if this conversion ever fails.
 */
@ApplicationScoped
public class OpenApiYaml {

    private static final Logger LOG = Logger.getLogger(OpenApiYaml.class);
    // The framework's default path; the README and the generated clients rely on it.
    private static final List<String> PATHS = List.of("/q/openapi", "/q/openapi.yaml", "/q/openapi.yml");
    private static final String DEFAULT_DOCUMENT = "<default>";

    @Inject
    OpenApiDocumentService documents;
    private volatile byte[] yaml;

    void install(@Observes Router router) {
        for (String path : PATHS) {
            router.get(path).order(Integer.MIN_VALUE + 1).handler(this::serve);
        }
    }

    private void serve(RoutingContext ctx) {
        if (wantsJson(ctx)) {
            ctx.next();
            return;
        }
        byte[] body;
        try {
            body = yaml();
        } catch (IOException | RuntimeException e) {
            LOG.warn("The quoted YAML form of the OpenAPI document could not be written; serving the framework's", e);
            ctx.next();
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, Format.YAML.getMimeType()).end(Buffer.buffer(body));
    }

    private static boolean wantsJson(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (!path.equals(PATHS.get(0))) {
            return false;
        }
        List<String> format = ctx.queryParam("format");
        if (!format.isEmpty()) {
            return "json".equalsIgnoreCase(format.get(0));
        }
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        return accept != null && accept.contains("application/json");
    }

    private byte[] yaml() throws IOException {
        byte[] done = yaml;
        if (done == null) {
            JsonNode tree = new ObjectMapper().readTree(documents.getDocument(DEFAULT_DOCUMENT, Format.JSON));
            YAMLFactory factory = YAMLFactory.builder()
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                    .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .stringQuotingChecker(new Yaml11Safe())
                    .build();
            done = new ObjectMapper(factory).writeValueAsBytes(tree);
            yaml = done;
        }
        return done;
    }

    /**
     * Quotes, besides what YAML 1.2 needs, every string a YAML 1.1 parser could take for a number,
     * a sexagesimal, a timestamp or a boolean: anything starting like a number, and the 1.1 keywords.
     */
    static final class Yaml11Safe extends StringQuotingChecker.Default {
        private static final Pattern NUMBER_LIKE = Pattern.compile("[-+.]?[0-9].*", Pattern.DOTALL);

        @Override
        public boolean needToQuoteValue(String value) {
            return super.needToQuoteValue(value) || NUMBER_LIKE.matcher(value).matches();
        }
    }
}
