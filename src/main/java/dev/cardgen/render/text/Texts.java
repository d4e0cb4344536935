package dev.cardgen.render.text;

import java.util.List;

/** Texts printed on a card; null or blank means "absent" and leaves no hole in the layout. */
public record Texts(String title, String subtitle, List<String> facts, String badge) {
    public Texts {
        facts = facts == null ? List.of()
                : facts.stream().filter(f -> f != null && !f.isBlank()).map(String::strip).toList();
    }

    public static boolean present(String s) { return s != null && !s.isBlank(); }

    /**
     * A field as it is laid out: trimmed, every breaking space (a line feed, U+3000, U+1680, U+2003,
     * … — several of them in no bundled font) one U+0020, runs of them one. No-break spaces
     * (U+00A0, U+2007, U+202F) stay: Roboto draws them and they keep "10 kg" on one line.
     */
    public static String clean(String text) {
        // Most fields are clean already: no copy, so the fitter's cache keys stay the very same string
        // (hash kept, equal at first sight) however often a layout asks for it.
        if (isClean(text)) return text;
        StringBuilder b = new StringBuilder(text.length());
        boolean space = false;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (Character.isWhitespace(cp)) {
                space = !b.isEmpty();
                continue;
            }
            if (space) b.append(' ');
            space = false;
            b.appendCodePoint(cp);
        }
        return b.toString();
    }

    /** No whitespace but single U+0020 spaces between other characters: {@link #clean} would return it unchanged. */
    private static boolean isClean(String text) {
        int last = text.length() - 1;
        for (int i = 0; i <= last; ) {
            int cp = text.codePointAt(i);
            if (Character.isWhitespace(cp) && (cp != ' ' || i == 0 || i == last || text.charAt(i + 1) == ' ')) return false;
            i += Character.charCount(cp);
        }
        return true;
    }

    /** A badge as it is drawn: in capitals. */
    public static String badgeCase(String badge) { return badge.toUpperCase(java.util.Locale.ROOT); }
}
