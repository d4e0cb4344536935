package dev.cardgen.core;

import java.security.SecureRandom;
import java.util.regex.Pattern;

/** Prefixed random ids ({@code prj_}, {@code ast_}, {@code gen_}, {@code exp_}, ...) of 24 base62 characters. */
public final class Ids {
    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern SHAPE = Pattern.compile("[a-z]{3}_[0-9A-Za-z]{24}");

    public static final String ACCOUNT = "acc";
    public static final String KEY = "key";
    public static final String PROJECT = "prj";
    public static final String ASSET = "ast";
    public static final String GENERATION = "gen";
    public static final String EXPORT = "exp";

    private Ids() {
    }

    public static String next(String prefix) {
        return prefix + "_" + random(24);
    }

    public static String random(int length) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = BASE62[RANDOM.nextInt(BASE62.length)];
        }
        return new String(out);
    }

    /** True when {@code id} has the shape of one of our ids with this prefix; anything else cannot exist. */
    public static boolean looksLike(String prefix, String id) {
        return id != null && id.startsWith(prefix + "_") && SHAPE.matcher(id).matches();
    }
}
