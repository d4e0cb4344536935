package dev.cardgen.webhook;

import dev.cardgen.core.CardgenConfig;
import jakarta.enterprise.context.ApplicationScoped;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Seals endpoint secrets for the database: they must be readable to sign, so they cannot be
 * hashed; AES-256-GCM under a key derived from {@code cardgen.signing-key} keeps a database dump
 * alone from revealing them. Without a signing key the secrets are sealed under a fixed key, which
 * only dev and tests do (the URL signer warns about the missing key at start).
 */
@ApplicationScoped
public class SecretBox {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int IV_BYTES = 12;

    private final SecretKeySpec key;

    public SecretBox(CardgenConfig config) {
        String master = config.signingKey().filter(k -> !k.isBlank()).orElse("cardgen-unset-signing-key");
        try {
            byte[] derived = MessageDigest.getInstance("SHA-256")
                    .digest(("cardgen webhook secrets\0" + master).getBytes(StandardCharsets.UTF_8));
            this.key = new SecretKeySpec(derived, "AES");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public String seal(String secret) {
        try {
            byte[] iv = new byte[IV_BYTES];
            RANDOM.nextBytes(iv);
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            byte[] sealed = c.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return "v1:" + Base64.getEncoder().encodeToString(ByteBuffer.allocate(iv.length + sealed.length).put(iv).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public String open(String sealed) {
        if (!sealed.startsWith("v1:")) {
            throw new IllegalStateException("unknown sealed secret format");
        }
        try {
            byte[] all = Base64.getDecoder().decode(sealed.substring(3));
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, all, 0, IV_BYTES));
            return new String(c.doFinal(all, IV_BYTES, all.length - IV_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the endpoint secret cannot be opened: was cardgen.signing-key changed?", e);
        }
    }
}
