package dev.cardgen.devdb;

import io.smallrye.config.ConfigSourceContext;
import io.smallrye.config.ConfigSourceFactory;
import io.smallrye.config.ConfigValue;
import io.smallrye.config.PropertiesConfigSource;
import org.eclipse.microprofile.config.spi.ConfigSource;

import java.util.List;
import java.util.Map;

/**
 * In dev and test mode, when no {@code quarkus.datasource.jdbc.url} is configured, starts a real
 * embedded PostgreSQL and points the datasource at it. Never active in prod: the class is left out
 * of native builds by the {@code native} Maven profile, and the zonky dependency is 'provided'.
 */
public class EmbeddedPostgresConfigSourceFactory implements ConfigSourceFactory {

    @Override
    public Iterable<ConfigSource> getConfigSources(ConfigSourceContext context) {
        List<String> profiles = context.getProfiles();
        boolean dev = profiles.contains("dev");
        boolean test = profiles.contains("test");
        if (!dev && !test) {
            return List.of();
        }
        ConfigValue url = context.getValue("quarkus.datasource.jdbc.url");
        if (url != null && url.getValue() != null && !url.getValue().isBlank()) {
            return List.of();
        }
        ConfigValue dataDir = context.getValue("cardgen.dev.database-dir");
        String dir = dataDir != null && dataDir.getValue() != null ? dataDir.getValue() : ".cardgen/pg";
        String jdbcUrl = EmbeddedPostgresLauncher.jdbcUrl(test ? null : dir);
        return List.of(new PropertiesConfigSource(Map.of(
                "quarkus.datasource.jdbc.url", jdbcUrl,
                "quarkus.datasource.username", "postgres",
                "quarkus.datasource.password", "postgres"), "cardgen-embedded-postgres", 275));
    }
}
