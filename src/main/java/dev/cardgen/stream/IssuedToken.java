package dev.cardgen.stream;

import java.time.Instant;

/** A new stream token; {@code token} is shown once, only its hash is stored. */
public record IssuedToken(String token, Instant expiresAt) {
}
