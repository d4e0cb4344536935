package dev.cardgen.render.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** Every locale's file has every key, and nothing else, each a short text the card fonts draw. */
@Execution(ExecutionMode.CONCURRENT)
class WordsTest {

    @Test
    void everyLocaleHasEveryKeyAndNoOther() throws Exception {
        assertEquals(20, CardLocale.SUPPORTED.size());
        for (String locale : CardLocale.SUPPORTED) {
            try (InputStream in = Words.class.getResourceAsStream("/words/" + locale + ".properties")) {
                assertNotNull(in, "words/" + locale + ".properties");
            }
            Properties p = Words.of(locale);
            assertEquals(new TreeSet<>(Words.KEYS), new TreeSet<>(p.stringPropertyNames()), locale);
            for (String key : Words.KEYS) {
                String v = Words.get(locale, key);
                assertFalse(v.isBlank(), locale + " " + key);
                int max = key.startsWith("title") ? 120 : key.startsWith("subtitle") ? 160 : 24;
                assertTrue(v.codePointCount(0, v.length()) <= max, locale + " " + key + " longer than " + max);
                String drawn = key.startsWith("badge") ? Texts.badgeCase(v) : v;
                assertEquals(List.of(), FontSet.undrawable(Texts.clean(drawn)), locale + " " + key);
                assertEquals(List.of(), FontSet.tooWide(Texts.clean(drawn)), locale + " " + key);
                if (key.startsWith("badge")) assertEquals(Texts.badgeCase(v), v, locale + " " + key + " is drawn in capitals; write it so");
            }
        }
    }

    @Test
    void everyLocaleSpeaksItsOwnLanguage() {
        // No word is left in English (or copied from another locale), but the two Chinese scripts'
        // "新品" and "新品上市", written alike in both.
        Set<String> shared = Set.of("新品", "新品上市");
        for (String key : Words.KEYS) {
            java.util.Map<String, String> seen = new java.util.HashMap<>();
            for (String locale : CardLocale.SUPPORTED) {
                String v = Words.get(locale, key);
                String before = seen.put(v, locale);
                if (before != null && !shared.contains(v)) {
                    // Russian and Ukrainian both say "Новинка"/"НОВИНКА"; that is each one's own word.
                    assertTrue(Set.of(before, locale).equals(Set.of("ru", "uk")), key + ": " + before + " and " + locale + " both say '" + v + "'");
                }
                if (!locale.equals("en")) assertNotEquals(Words.get("en", key), v, locale + " " + key);
            }
        }
        // And the texts read as their language: inferred back from the words, each locale is itself.
        for (String locale : CardLocale.SUPPORTED) {
            List<String> all = Words.KEYS.stream().map(k -> Words.get(locale, k)).toList();
            String inferred = CardLocale.infer(all, locale);
            assertEquals(locale, inferred, locale + " words read as " + inferred);
        }
    }
}
