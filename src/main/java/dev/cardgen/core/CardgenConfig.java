package dev.cardgen.core;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.util.Optional;

/** Service-wide settings under {@code cardgen.*}; every key is listed in the README's configuration table. */
@ConfigMapping(prefix = "cardgen")
public interface CardgenConfig {

    /** Base of absolute URLs in bodies and events; required in production, built from the request in dev and test. */
    Optional<String> publicBaseUrl();

    /** Production without a public base URL: take the host of absolute URLs from each request's Host header instead of refusing to start. */
    @WithDefault("false")
    boolean trustHostHeader();

    /** Token guarding {@code /admin/v1}; the admin API answers 404 when unset. */
    Optional<String> adminToken();

    /** An API key that always works, for dev mode and tests; its account is created at start. */
    Optional<String> bootstrapKey();

    /** HMAC key of signed preview and download URLs. */
    Optional<String> signingKey();
}
