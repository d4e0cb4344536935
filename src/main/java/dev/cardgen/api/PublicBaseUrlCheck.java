package dev.cardgen.api;

import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Absolute URLs in bodies and events are capabilities (signed links, stream tokens). Built from the
 * request, their host is whatever the client's Host header says, so a production instance without
 * {@code cardgen.public-base-url} says so loudly at every start.
 */
@ApplicationScoped
public class PublicBaseUrlCheck {

    private static final Logger LOG = Logger.getLogger(PublicBaseUrlCheck.class);

    private final CardgenConfig config;

    public PublicBaseUrlCheck(CardgenConfig config) {
        this.config = config;
    }

    void onStart(@Observes StartupEvent event) {
        if (LaunchMode.current() == LaunchMode.NORMAL && config.publicBaseUrl().filter(s -> !s.isBlank()).isEmpty()) {
            LOG.warn("********************************************************************************");
            LOG.warn("cardgen.public-base-url is not set: stream_url, preview_url and download_url take");
            LOG.warn("their host from each request's Host header, which any client chooses. Set");
            LOG.warn("CARDGEN_PUBLIC_BASE_URL=https://your.api.host for production (README, Production).");
            LOG.warn("********************************************************************************");
        }
    }
}
