package dev.cardgen.render.words;

import java.util.IllformedLocaleException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which language a card speaks: a BCP 47 tag the client gave, else one read from its texts, else one
 * from the request's {@code Accept-Language}, else English. Tags are matched to the supported ones by
 * language (a region picks nothing: {@code pt-BR} is {@code pt}); Chinese by script, or by region
 * where no script is given ({@code zh-TW}, {@code zh-HK}, {@code zh-MO} are {@code zh-Hant}).
 */
public final class CardLocale {
    public static final String DEFAULT = "en";

    /** The locales with words, in the order the API lists them. */
    public static final List<String> SUPPORTED = List.of("en", "ru", "uk", "kk", "uz", "tr", "de", "fr", "es", "pt", "pl",
            "it", "ar", "he", "hi", "th", "zh-Hans", "zh-Hant", "ja", "ko");

    private static final Set<String> TRADITIONAL_REGIONS = Set.of("TW", "HK", "MO");

    private CardLocale() {}

    /** Why a tag was refused: it is not BCP 47, or no supported locale matches it. */
    public static final class Unsupported extends RuntimeException {
        public final boolean wellFormed;

        Unsupported(String message, boolean wellFormed) {
            super(message);
            this.wellFormed = wellFormed;
        }
    }

    /** The supported locale a client's tag names; {@link Unsupported} when it is ill-formed or none matches. */
    public static String resolve(String tag) {
        Locale l;
        try {
            l = new Locale.Builder().setLanguageTag(tag.strip()).build();
        } catch (IllformedLocaleException e) {
            throw new Unsupported("locale '" + tag + "' is not a BCP 47 language tag (e.g. en, pt-BR, zh-Hans).", false);
        }
        return match(l).orElseThrow(() -> new Unsupported("locale '" + tag + "' is not supported. Supported: "
                + String.join(", ", SUPPORTED) + ".", true));
    }

    /** The supported locale matching a parsed one, if any. */
    static Optional<String> match(Locale l) {
        String lang = switch (l.getLanguage()) {
            case "iw" -> "he";
            default -> l.getLanguage();
        };
        if (lang.equals("zh")) {
            String script = l.getScript();
            if (script.equals("Hant") || (script.isEmpty() && TRADITIONAL_REGIONS.contains(l.getCountry()))) return Optional.of("zh-Hant");
            return Optional.of("zh-Hans");
        }
        return SUPPORTED.contains(lang) ? Optional.of(lang) : Optional.empty();
    }

    /**
     * The locale of a card whose client named none: from its texts ({@link ScriptGuess}), else the first
     * supported language of {@code Accept-Language} by preference (a malformed header is ignored), else
     * {@link #DEFAULT}.
     */
    public static String infer(List<String> texts, String acceptLanguage) {
        return ScriptGuess.of(texts).or(() -> fromAcceptLanguage(acceptLanguage)).orElse(DEFAULT);
    }

    static Optional<String> fromAcceptLanguage(String header) {
        if (header == null || header.isBlank()) return Optional.empty();
        List<Locale.LanguageRange> ranges;
        try {
            ranges = Locale.LanguageRange.parse(header); // sorted by weight, q=0 dropped
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        for (Locale.LanguageRange r : ranges) {
            if (r.getRange().startsWith("*")) continue;
            try {
                Optional<String> m = match(new Locale.Builder().setLanguageTag(r.getRange()).build());
                if (m.isPresent()) return m;
            } catch (IllformedLocaleException e) {
                // a range such as "de-*" is no tag; the next one may be
            }
        }
        return Optional.empty();
    }
}
