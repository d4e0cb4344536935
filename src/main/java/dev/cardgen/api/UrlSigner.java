package dev.cardgen.api;

import dev.cardgen.core.CardgenConfig;
import dev.cardgen.core.Ids;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

/**
 * Capability URLs (README, Previews and Exports): a path plus {@code expires} (epoch seconds) and an HMAC-SHA256
 * {@code signature} over both, usable without an Authorization header until they expire.
 */
@ApplicationScoped
public class UrlSigner {

    /** How long a link from {@link #link} works, counted from the read that made it: one lifetime for previews and downloads. */
    public static final Duration LINK_TTL = Duration.ofHours(24);

    private static final Logger LOG = Logger.getLogger(UrlSigner.class);

    private final byte[] key;
    private final Clock clock;

    public UrlSigner(CardgenConfig config, Clock clock) {
        this.clock = clock;
        String configured = config.signingKey().filter(k -> !k.isBlank()).orElse(null);
        if (configured == null) {
            LOG.warn("cardgen.signing-key is not set: signed URLs use a random key and stop working on restart or on other instances");
            configured = Ids.random(48);
        }
        this.key = configured.getBytes(StandardCharsets.UTF_8);
    }

    public record Signed(String query, Instant expiresAt) {
    }

    /** A link usable without a key: the whole address, and when it stops working. */
    public record Link(String url, Instant expiresAt) {
    }

    /** {@code baseUrl + path}, signed for {@link #LINK_TTL} from now. */
    public Link link(String baseUrl, String path) {
        Signed signed = sign(path, LINK_TTL);
        return new Link(baseUrl + path + "?" + signed.query(), signed.expiresAt());
    }

    /** @param path the URL path, e.g. {@code /api/v1/exports/exp_…/file} */
    public Signed sign(String path, Duration ttl) {
        Instant expires = clock.instant().plus(ttl).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        long epoch = expires.getEpochSecond();
        return new Signed("expires=" + epoch + "&signature=" + mac(path, epoch), expires);
    }

    /** Throws 403 {@code url_signature_invalid} or {@code url_expired}. */
    public void verify(String path, String expires, String signature) {
        long epoch;
        try {
            epoch = Long.parseLong(expires == null ? "" : expires);
        } catch (NumberFormatException e) {
            throw invalid();
        }
        if (signature == null || !MessageDigest.isEqual(mac(path, epoch).getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII))) {
            throw invalid();
        }
        if (clock.instant().getEpochSecond() > epoch) {
            throw new ApiException(403, ErrorTypes.PERMISSION, "url_expired", "This link has expired. Request a new one.", null);
        }
    }

    private String mac(String path, long epoch) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] sig = mac.doFinal((path + "\n" + epoch).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(sig);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ApiException invalid() {
        return new ApiException(403, ErrorTypes.PERMISSION, "url_signature_invalid", "The link's signature is not valid.", null);
    }
}
