package dev.cardgen.cors;

import io.smallrye.config.ConfigMapping;

import java.util.List;
import java.util.Optional;

/** Cross-origin access to the API under {@code cardgen.cors.*}. */
@ConfigMapping(prefix = "cardgen.cors")
public interface CorsConfig {

    /**
     * Origins whose pages may call the API, e.g. {@code https://shop.example.com}; a port of
     * {@code *} matches any port ({@code http://localhost:*}), {@code *} alone any origin. None
     * when unset: only same-origin pages.
     */
    Optional<List<String>> origins();
}
