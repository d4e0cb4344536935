package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;
import dev.cardgen.render.words.CardLocale;
import dev.cardgen.render.words.Words;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Fills the texts a client left empty. Given (non-blank) values are kept as sent, only trimmed.
 * <ul>
 * <li><b>title</b>: from the original file name: directory and extension dropped; {@code _ - .}
 *   and runs of spaces become one space; camera-made tokens dropped ({@code IMG_1234},
 *   {@code DSC01234}, {@code DSCN…}, {@code PXL_20240101_…}, {@code Screenshot}, {@code photo},
 *   {@code image}, {@code WhatsApp}, {@code copy}, {@code final}, pure digits, dates and
 *   times like {@code 20240101} or {@code 123456}, hex-like hashes); words the card fonts cannot
 *   draw dropped (a file name is not validated like a given title: "jacket 😀.jpg" gives
 *   "Jacket", never empty boxes); the first letter capitalised. If nothing is left: the
 *   locale's default ("New arrival").</li>
 * <li><b>subtitle</b>: the template default, or empty for templates that look complete with
 *   only a title (studio and bold: a big title and the product are the card).</li>
 * <li><b>badge</b>: the template default: "NEW" (studio, gradient), "HIT" (bold) in English,
 *   none for infographic (its facts carry the message) and for white (it draws no text at all).</li>
 * <li><b>facts</b>: never invented; empty stays empty and layouts give the room to the product.</li>
 * </ul>
 * Defaults are in the card's locale ({@code words/<tag>.properties}): the one asked for, else the one
 * its texts are written in, so a card never mixes an English subtitle under a title in another language.
 * Limits (title ≤ 120, subtitle ≤ 160, ≤ 6 facts of ≤ 80, badge ≤ 24) are validated by the API;
 * a title made from a file name is cut at a word boundary to 120 characters here.
 */
public final class TextFiller {
    private static final int TITLE_MAX = 120;
    private static final Pattern CAMERA = Pattern.compile(
            "(?i)^(img|dsc|dscn|dscf|pxl|mvimg|vid|photo|image|screenshot|scan|whatsapp|copy|final|edited|"
                    + "pic|picture|snapshot|untitled|mp|\\(\\d+\\))$");
    private static final Pattern CAMERA_PREFIXED = Pattern.compile("(?i)^(img|dsc|dscn|dscf|pxl|mvimg|vid|gopr|p)\\d+$");
    private static final Pattern NUMBERISH = Pattern.compile("^[\\d()\\[\\]]+$|^(?=.*\\d)[0-9a-fA-F]{8,}$");

    private TextFiller() {}

    /** The texts a card prints and the locale its filled words are in. */
    public record Filled(Texts texts, String locale) {}

    /** {@link #fill(Texts, String, String, String, String)} with the locale inferred from the texts alone. */
    public static Texts fill(Texts given, String originalFilename, String templateId) {
        return fill(given, originalFilename, templateId, null, null).texts();
    }

    /**
     * Fills the empty fields in {@code locale} (a supported tag, {@link CardLocale#resolve}); when it is
     * null, in the locale of the given texts and the title taken from the file name, else of
     * {@code acceptLanguage}, else English ({@link CardLocale#infer}).
     */
    public static Filled fill(Texts given, String originalFilename, String templateId, String locale, String acceptLanguage) {
        String template = Templates.normalise(templateId);
        Texts g = given == null ? new Texts(null, null, null, null) : given;
        String title = Texts.present(g.title()) ? g.title().strip() : titleFromFilename(originalFilename);
        if (locale == null) {
            List<String> written = new ArrayList<>(Arrays.asList(title, g.subtitle(), g.badge()));
            written.addAll(g.facts());
            locale = CardLocale.infer(written, acceptLanguage);
        }
        String fallback = Words.get(locale, "title.default");
        if (title == null) title = fallback;
        CardTemplate defaults = Templates.of(template);
        String subtitle = Texts.present(g.subtitle()) ? g.subtitle().strip() : defaults.defaultSubtitle(locale);
        String badge = Texts.present(g.badge()) ? g.badge().strip() : defaults.defaultBadge(locale);
        Texts filled = new Texts(title, subtitle, g.facts(), badge);
        if (!Texts.present(g.title()) && !TextFit.fitsEverywhere(template, filled, locale)) {
            // The client's texts were checked to fit without a title; a title taken from the file name
            // is ours to shorten: the most leading words that still fit (found by halving), else the default.
            String[] words = title.split(" ");
            int lo = 0, hi = words.length - 1; // lo words are known to fit (0 = the default), hi + 1 not
            while (lo < hi) {
                int mid = (lo + hi + 1) / 2;
                if (TextFit.fitsEverywhere(template, new Texts(String.join(" ", Arrays.copyOf(words, mid)), subtitle, g.facts(), badge), locale)) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            filled = new Texts(lo == 0 ? fallback : String.join(" ", Arrays.copyOf(words, lo)), subtitle, g.facts(), badge);
        }
        return new Filled(filled, locale);
    }

    /** The cleaned file name, or null when nothing meaningful is left. */
    static String titleFromFilename(String filename) {
        if (filename == null) return null;
        String name = filename.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        if (dot > 0 && name.length() - dot <= 5) name = name.substring(0, dot);
        List<String> words = new ArrayList<>();
        for (String w : name.split("(?U)[\\s_.\\-]+")) {
            if (w.isEmpty() || CAMERA.matcher(w).matches() || CAMERA_PREFIXED.matcher(w).matches()
                    || NUMBERISH.matcher(w).matches() || !FontSet.undrawable(w).isEmpty() || !FontSet.tooWide(w).isEmpty()) {
                continue;
            }
            words.add(w);
        }
        if (words.isEmpty()) return null;
        String t = String.join(" ", words);
        if (t.length() > TITLE_MAX) {
            int cut = t.lastIndexOf(' ', TITLE_MAX);
            t = t.substring(0, cut > 0 ? cut : TITLE_MAX);
        }
        return t.substring(0, 1).toUpperCase(Locale.ROOT) + t.substring(1);
    }

}
