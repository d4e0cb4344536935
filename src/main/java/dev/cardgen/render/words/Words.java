package dev.cardgen.render.words;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The words the service puts on a card when the seller left a field empty, one UTF-8 properties file
 * per locale ({@code words/<tag>.properties}) that a translator edits without touching code. Read as
 * plain resources, not through {@link java.util.ResourceBundle}: a native image embeds them by pattern
 * like the fonts, and no bundle class is looked up reflectively. Every file has every key (a test).
 */
public final class Words {
    /** The keys every locale's file has. */
    public static final List<String> KEYS = List.of("title.default", "subtitle.gradient", "subtitle.infographic",
            "badge.new", "badge.hit");

    private static final Map<String, Properties> LOADED = new ConcurrentHashMap<>();

    private Words() {}

    /** The word for {@code key} in a supported locale ({@link CardLocale#SUPPORTED}). */
    public static String get(String locale, String key) {
        String v = of(locale).getProperty(key);
        if (v == null || v.isBlank()) throw new IllegalStateException("words/" + locale + ".properties has no " + key);
        return v.strip();
    }

    /** A locale's whole file (loaded once). */
    public static Properties of(String locale) {
        if (!CardLocale.SUPPORTED.contains(locale)) throw new IllegalArgumentException("unsupported locale " + locale);
        return LOADED.computeIfAbsent(locale, Words::load);
    }

    private static Properties load(String locale) {
        try (InputStream in = Words.class.getResourceAsStream("/words/" + locale + ".properties")) {
            if (in == null) throw new IllegalStateException("missing resource words/" + locale + ".properties");
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
