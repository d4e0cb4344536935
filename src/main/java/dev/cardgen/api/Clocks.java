package dev.cardgen.api;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

import java.time.Clock;

/** The injected clock (signed-link expiry, retention, webhook signing and retries); tests replace it to move time without waiting. */
public class Clocks {
    @Produces
    @DefaultBean
    @ApplicationScoped
    Clock clock() {
        return Clock.systemUTC();
    }
}
