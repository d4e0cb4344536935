package dev.cardgen.render;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;
import dev.cardgen.render.words.CardLocale;

import java.util.ArrayList;
import java.util.List;

/**
 * A variant as stored: everything needed to paint it again at any size and ratio.
 * {@code ratio} is the ratio it was designed for; a render at another size is laid out afresh.
 * {@code locale} is the card's (a supported BCP 47 tag): Han is drawn in its regional forms. Designs
 * stored before it existed have none, and their texts decide ({@link #hanRegion()}).
 */
public record Design(int version, String template, String ratio, long seed, String arrangement, Palette palette,
                     Texts texts, @JsonInclude(JsonInclude.Include.NON_NULL) String locale) {
    public static final int CURRENT_VERSION = 1;

    public Design(int version, String template, String ratio, long seed, String arrangement, Palette palette, Texts texts) {
        this(version, template, ratio, seed, arrangement, palette, texts, null);
    }

    /** The forms Han is drawn in: the locale's, else those of the language its texts are in. */
    public FontSet.Han hanRegion() {
        if (locale != null) return FontSet.Han.of(locale);
        List<String> written = new ArrayList<>();
        if (texts != null) {
            written.add(texts.title());
            written.add(texts.subtitle());
            written.add(texts.badge());
            written.addAll(texts.facts());
        }
        return FontSet.Han.of(CardLocale.infer(written, null));
    }
}
