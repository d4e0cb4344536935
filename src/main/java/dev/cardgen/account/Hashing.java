package dev.cardgen.account;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

final class Hashing {
    private Hashing() {
    }

    static boolean constantTimeEquals(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
