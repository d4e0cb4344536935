package dev.cardgen.api;

import dev.cardgen.core.CardgenConfig;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigurationException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.interceptor.Interceptor;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Absolute URLs in bodies and events are capabilities (signed links, stream tokens), so no client may
 * choose their host. A production start without {@code cardgen.public-base-url} (unless
 * {@code cardgen.trust-host-header} says every client is trusted) and forwarding without trusted
 * proxies are refused before the service takes a request.
 */
@ApplicationScoped
public class PublicBaseUrlCheck {

    private static final Logger LOG = Logger.getLogger(PublicBaseUrlCheck.class);

    private final CardgenConfig config;
    private final boolean forwarding;
    private final List<String> trustedProxies;

    public PublicBaseUrlCheck(CardgenConfig config,
                              @ConfigProperty(name = "quarkus.http.proxy.proxy-address-forwarding") boolean forwarding,
                              @ConfigProperty(name = "quarkus.http.proxy.trusted-proxies") Optional<List<String>> trustedProxies) {
        this.config = config;
        this.forwarding = forwarding;
        this.trustedProxies = trustedProxies.orElse(List.of());
    }

    /** First of the start-up observers, so a refused configuration starts nothing (no job dispatcher, no listener). */
    void onStart(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) {
        boolean production = LaunchMode.current() == LaunchMode.NORMAL;
        List<String> refusals = refusals(production, config.publicBaseUrl(), config.trustHostHeader(), forwarding, trustedProxies);
        if (!refusals.isEmpty()) {
            throw new ConfigurationException("cardgen refuses to start:\n  - " + String.join("\n  - ", refusals));
        }
        if (production && configured(config.publicBaseUrl()).isEmpty()) {
            LOG.warn("********************************************************************************");
            LOG.warn("cardgen.trust-host-header=true and no cardgen.public-base-url: stream_url,");
            LOG.warn("preview_url and download_url take their host from each request's Host header,");
            LOG.warn("which any client chooses. Only for a service that no untrusted client can reach.");
            LOG.warn("********************************************************************************");
        }
    }

    /** Why this configuration must not serve, one message per reason; empty when it may. */
    static List<String> refusals(boolean production, Optional<String> publicBaseUrl, boolean trustHostHeader,
                                 boolean forwarding, List<String> trustedProxies) {
        List<String> out = new ArrayList<>();
        Optional<String> base = configured(publicBaseUrl);
        if (base.isPresent()) {
            invalid(base.get()).ifPresent(out::add);
        } else if (production && !trustHostHeader) {
            out.add("cardgen.public-base-url (CARDGEN_PUBLIC_BASE_URL) is not set. stream_url, preview_url and download_url"
                    + " would take their host from each request's Host header, which any client chooses. Set it to the address"
                    + " clients reach the API at (e.g. https://cards.example.com), or, only where every client is trusted,"
                    + " set cardgen.trust-host-header=true.");
        }
        if (forwarding && trustedProxies.stream().allMatch(String::isBlank)) {
            out.add("quarkus.http.proxy.proxy-address-forwarding=true without quarkus.http.proxy.trusted-proxies: Quarkus then"
                    + " believes Forwarded and X-Forwarded-* headers from every client. List the proxies' addresses"
                    + " (QUARKUS_HTTP_PROXY_TRUSTED_PROXIES=10.0.0.5,10.0.1.0/24) or turn forwarding off.");
        }
        return out;
    }

    private static Optional<String> configured(Optional<String> publicBaseUrl) {
        return publicBaseUrl.map(String::strip).filter(s -> !s.isEmpty());
    }

    /** A base URL is http(s), with a host, and nothing a path could not be appended to. */
    private static Optional<String> invalid(String base) {
        String why;
        try {
            URI uri = new URI(base);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                why = "it must start with https:// or http://";
            } else if (uri.getHost() == null) {
                why = "it has no host";
            } else if (uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                why = "it must not have user info, a query or a fragment";
            } else {
                return Optional.empty();
            }
        } catch (URISyntaxException e) {
            why = "it is not a URL (" + e.getReason() + ")";
        }
        return Optional.of("cardgen.public-base-url is '" + base + "': " + why + " (e.g. https://cards.example.com).");
    }
}
