package dev.cardgen.storage;

import java.security.SecureRandom;

/** Fresh ids of our shape, so tests sharing one bucket never touch each other's keys. */
final class TestIds {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();

    private TestIds() {
    }

    static String newId(String prefix) {
        StringBuilder id = new StringBuilder(prefix).append('_');
        for (int i = 0; i < 24; i++) {
            id.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return id.toString();
    }

    static byte[] bytes(int size, long seed) {
        byte[] bytes = new byte[size];
        new java.util.Random(seed).nextBytes(bytes);
        return bytes;
    }
}
