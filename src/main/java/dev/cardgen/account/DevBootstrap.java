package dev.cardgen.account;

import dev.cardgen.core.CardgenConfig;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/** Creates the bootstrap key's account at start and, in dev mode, prints the key with a first curl command. */
@ApplicationScoped
public class DevBootstrap {

    private static final Logger LOG = Logger.getLogger(DevBootstrap.class);

    void onStart(@Observes StartupEvent event, CardgenConfig config, AccountService accounts,
                 @ConfigProperty(name = "quarkus.http.port") int port) {
        config.bootstrapKey().filter(k -> !k.isBlank()).ifPresent(key -> {
            accounts.ensureBootstrapKey(key);
            if (LaunchMode.current() == LaunchMode.DEVELOPMENT) {
                String base = "http://localhost:" + port;
                LOG.infof("%n%n  cardgen dev API key: %s%n  try:%n    curl -s -H 'Authorization: Bearer %s' -F file=@photo.jpg %s/api/v1/assets%n"
                        + "  API docs: %s/q/swagger-ui%n", key, key, base, base);
            }
        });
    }
}
