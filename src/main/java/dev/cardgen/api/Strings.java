package dev.cardgen.api;

/** Small helpers for echoing client input back in messages without letting it grow or carry control characters. */
public final class Strings {
    private Strings() {
    }

    public static String clip(String s, int max) {
        if (s == null) {
            return "";
        }
        String clean = s.replaceAll("\\p{Cntrl}", "?");
        return clean.length() <= max ? clean : clean.substring(0, max) + "…";
    }

    public static boolean isBlank(String s) {
        return s == null || s.isBlank();
    }
}
