package dev.cardgen.generation;

import dev.cardgen.api.ApiException;
import dev.cardgen.api.Strings;
import dev.cardgen.render.Ratio;
import dev.cardgen.render.TemplateInfo;
import dev.cardgen.render.Templates;
import dev.cardgen.render.TextFit;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;
import dev.cardgen.render.words.CardLocale;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Body of POST /api/v1/generations, as sent; {@link #validate()} gives the normalised request or a 400 naming the field. */
public record CreateGeneration(@Schema(required = true) String assetId,
                               @Schema(enumeration = {"studio", "bold", "gradient", "infographic", "white"}, defaultValue = "studio") String template,
                               @Schema(enumeration = {"market1", "market2", "market3", "market4", "market5"}) String marketplace,
                               @Schema(enumeration = {"3:4", "1:1", "9:16"}, description = "Default: the marketplace preset's ratio, else 3:4") String ratio,
                               @Schema(minimum = "1", maximum = "4", defaultValue = "3") Integer variants,
                               TextInput text,
                               @Schema(description = "BCP 47 language tag of the card (en, ru, uk, kk, uz, tr, de, fr, es, pt, pl, it, ar, he, hi, th, zh-Hans, zh-Hant, ja, ko; "
                                       + "a region is ignored: pt-BR is pt, zh-TW is zh-Hant). Default: the language of the texts, else Accept-Language, else en. "
                                       + "The words the service fills in are in it", example = "de") String locale) {

    @Schema(name = "CardTextInput", description = "Empty fields are filled by the service")
    public record TextInput(@Schema(maxLength = 120) String title, @Schema(maxLength = 160) String subtitle,
                            @Schema(maxItems = 6, description = "Each at most 80 characters") List<String> facts, @Schema(maxLength = 24) String badge) {
    }

    /** {@code locale}: the supported tag asked for, null when none was (it is then inferred when the texts are filled). */
    public record Valid(String assetId, String template, String marketplace, Ratio ratio, int variants, Texts texts,
                        String locale) {
    }

    static final int TITLE_MAX = 120;
    static final int SUBTITLE_MAX = 160;
    static final int FACTS_MAX = 6;
    static final int FACT_MAX = 80;
    static final int BADGE_MAX = 24;

    public Valid validate() {
        if (Strings.isBlank(assetId)) {
            throw ApiException.missingParam("asset_id");
        }
        String templateId = template == null ? Templates.DEFAULT_ID : template;
        if (Templates.find(templateId).isEmpty()) {
            throw ApiException.invalidParam("template", "Unknown template '" + Strings.clip(templateId, 40) + "'. Known templates: "
                    + Templates.all().stream().map(TemplateInfo::id).collect(Collectors.joining(", ")) + ".");
        }
        if (marketplace != null && Marketplaces.defaultRatio(marketplace).isEmpty()) {
            throw ApiException.invalidParam("marketplace", "marketplace must be one of " + Marketplaces.names() + ".");
        }
        Ratio r;
        if (ratio == null) {
            r = marketplace == null ? Ratio.R3_4 : Marketplaces.defaultRatio(marketplace).orElseThrow();
        } else {
            r = Ratio.parse(ratio).orElseThrow(() -> ApiException.invalidParam("ratio", "ratio must be one of 3:4, 1:1, 9:16."));
        }
        int n = variants == null ? 3 : variants;
        if (n < 1 || n > 4) {
            throw ApiException.invalidParam("variants", "variants must be an integer from 1 to 4.");
        }
        String card = null;
        if (locale != null) {
            try {
                card = CardLocale.resolve(locale);
            } catch (CardLocale.Unsupported e) {
                throw ApiException.unprocessable("locale_unsupported", e.getMessage(), "locale");
            }
        }
        Texts texts = texts();
        fits(templateId, texts);
        return new Valid(assetId, templateId, marketplace, r, n, texts, card);
    }

    /**
     * Every accepted text fits, at every ratio, preview and export: texts of ordinary letters are known
     * to fit at the limits; texts with wider ones are laid out on the smallest canvases and refused when
     * any would not fit (the limits alone cannot promise it). The field named is the widest in em.
     */
    private static void fits(String templateId, Texts texts) {
        if (TextFit.fitsEverywhere(templateId, texts)) {
            return;
        }
        String param = null;
        double widest = -1;
        List<String> names = new ArrayList<>(List.of("text.title", "text.subtitle"));
        List<String> values = new ArrayList<>(Arrays.asList(texts.title(), texts.subtitle()));
        for (int i = 0; i < texts.facts().size(); i++) {
            names.add("text.facts[" + i + "]");
            values.add(texts.facts().get(i));
        }
        names.add("text.badge");
        values.add(texts.badge() == null ? null : Texts.badgeCase(texts.badge()));
        for (int i = 0; i < names.size(); i++) {
            if (values.get(i) == null) {
                continue;
            }
            String v = Texts.clean(values.get(i));
            double em = FontSet.widestEmPerCodePoint(v) * v.codePointCount(0, v.length());
            if (em > widest) {
                widest = em;
                param = names.get(i);
            }
        }
        throw ApiException.invalidParam(param, "The texts do not fit on the smallest card of template '" + templateId
                + "' even at the smallest type: they use characters wider than usual letters (" + param
                + " is the widest). Shorten " + param + " or the other texts, or use narrower characters.");
    }

    private Texts texts() {
        if (text == null) {
            return new Texts(null, null, List.of(), null);
        }
        String title = limit(text.title(), TITLE_MAX, "text.title");
        String subtitle = limit(text.subtitle(), SUBTITLE_MAX, "text.subtitle");
        String badge = limit(text.badge(), BADGE_MAX, "text.badge");
        List<String> facts = text.facts() == null ? List.of() : text.facts();
        if (facts.size() > FACTS_MAX) {
            throw ApiException.invalidParam("text.facts", "text.facts may hold at most " + FACTS_MAX + " facts.");
        }
        for (int i = 0; i < facts.size(); i++) {
            String fact = facts.get(i);
            if (Strings.isBlank(fact)) {
                throw ApiException.invalidParam("text.facts[" + i + "]", "Facts must not be empty.");
            }
            limit(fact, FACT_MAX, "text.facts[" + i + "]");
        }
        drawable(title, "text.title");
        drawable(subtitle, "text.subtitle");
        for (int i = 0; i < facts.size(); i++) {
            drawable(facts.get(i), "text.facts[" + i + "]");
        }
        drawable(badge == null ? null : Texts.badgeCase(badge), "text.badge");
        return new Texts(title, subtitle, facts.stream().map(String::strip).toList(), badge);
    }

    /**
     * A card never shows an empty box: graphemes no bundled font draws whole (CJK, emoji, a mark on a
     * letter of another script, a space or format character no font has, …) are refused up front.
     * The text is checked as it is drawn: spaces made one U+0020, a badge in capitals.
     */
    private static void drawable(String value, String param) {
        if (value == null) {
            return;
        }
        List<String> missing = FontSet.undrawable(Texts.clean(value));
        if (!missing.isEmpty()) {
            throw ApiException.unprocessable("unsupported_characters", param
                    + " contains characters the card fonts cannot draw: " + describe(missing) + ".", param);
        }
        List<String> wide = FontSet.tooWide(Texts.clean(value));
        if (!wide.isEmpty()) {
            throw ApiException.unprocessable("unsupported_characters", param + " contains characters too wide for the card"
                    + " (more than " + FontSet.MAX_GRAPHEME_EM + " em): " + describe(wide) + ".", param);
        }
    }

    /** Up to five graphemes, each quoted with its code points: 'א́' (U+05D0 U+0301). */
    private static String describe(List<String> graphemes) {
        return graphemes.stream().limit(5)
                .map(g -> "'" + g + "' (" + g.codePoints().mapToObj(cp -> String.format("U+%04X", cp))
                        .collect(Collectors.joining(" ")) + ")")
                .collect(Collectors.joining(", "));
    }

    private static String limit(String value, int max, String param) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        if (v.codePointCount(0, v.length()) > max) {
            throw ApiException.invalidParam(param, param + " must be at most " + max + " characters.");
        }
        if (v.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n')) {
            throw ApiException.invalidParam(param, param + " must not contain control characters.");
        }
        return v;
    }
}
