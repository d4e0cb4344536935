package dev.cardgen.account;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The per-key rate limit under {@code cardgen.rate-limit.*}, for the whole deployment. */
@ConfigMapping(prefix = "cardgen.rate-limit")
public interface RateLimitConfig {

    /** Sustained requests per second per API key; 0 turns the limit off. */
    @WithDefault("100")
    double perSecond();

    /** Requests a key may make in a burst above the sustained rate. */
    @WithDefault("200")
    int burst();
}
