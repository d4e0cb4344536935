package dev.cardgen.render;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;

import java.util.ArrayList;
import java.util.List;

/**
 * Whether a card's texts fit every canvas it may be drawn at, decided before anything is drawn:
 * every field placed whole, inside its box and the canvas, no two boxes overlapping. Texts whose
 * graphemes are all narrow ({@link FontSet#PROVEN_GRAPHEME_EM}) are known to fit without any layout;
 * the others are laid out on the template's smallest canvases, as the card would be.
 */
public final class TextFit {
    /**
     * Previews (longer side 800) and the export presets' smallest sizes, per ratio; the square ones
     * first, where over-wide texts overflow, so a refusal comes after few layouts.
     */
    static final int[][] SMALLEST = {{800, 800}, {1200, 1200}, {600, 800}, {450, 800}, {1200, 1600}, {1080, 1920}};

    /**
     * The product's aspect for the check. Where the text does not fit beside the product, the layout
     * falls back to a full-width stack whose text ignores the product, so one aspect decides the fit.
     */
    static final double PRODUCT_ASPECT = 0.8;

    private TextFit() {}

    /** True when the texts fit on every arrangement of the template at every smallest canvas. */
    public static boolean fitsEverywhere(String template, Texts texts) {
        return fitsEverywhere(template, texts, null);
    }

    /** {@link #fitsEverywhere(String, Texts)} for a card in {@code locale} (null: its texts decide). */
    public static boolean fitsEverywhere(String template, Texts texts, String locale) {
        CardTemplate t = Templates.of(template);
        if (!t.drawsText() || narrow(texts)) return true;
        for (String arrangement : t.arrangements()) {
            Design d = new Design(Design.CURRENT_VERSION, t.id(), Ratio.R3_4.id(), 0, arrangement, null, texts, locale);
            for (int[] size : SMALLEST) {
                if (!fits(LayoutEngine.layout(d, PRODUCT_ASPECT, size[0], size[1]), texts)) return false;
            }
        }
        return true;
    }

    /** Every grapheme of every field at most {@link FontSet#PROVEN_GRAPHEME_EM} per code point. */
    static boolean narrow(Texts texts) {
        for (String field : fields(texts)) {
            if (FontSet.widestEmPerCodePoint(field) > FontSet.PROVEN_GRAPHEME_EM) return false;
        }
        return true;
    }

    /** The fields as drawn: cleaned, the badge in capitals. */
    private static List<String> fields(Texts texts) {
        List<String> out = new ArrayList<>();
        for (String s : new String[] {texts.title(), texts.subtitle()}) if (Texts.present(s)) out.add(Texts.clean(s));
        for (String f : texts.facts()) out.add(Texts.clean(f));
        if (Texts.present(texts.badge())) out.add(Texts.clean(Texts.badgeCase(texts.badge())));
        return out;
    }

    /** Every present field laid out, its text inside its box, every box inside the canvas and clear of the others. */
    static boolean fits(Layout l, Texts texts) {
        Box canvas = new Box(0, 0, l.width(), l.height());
        List<Box> boxes = l.boxes();
        for (int i = 0; i < boxes.size(); i++) {
            if (!boxes.get(i).inside(canvas)) return false;
            for (int j = i + 1; j < boxes.size(); j++) if (boxes.get(i).intersects(boxes.get(j))) return false;
        }
        if (!inside(texts.title(), l.titleText(), l.title()) || !inside(texts.subtitle(), l.subtitleText(), l.subtitle())
                || !inside(texts.badge(), l.badgeText(), l.badge())) {
            return false;
        }
        if (l.facts().size() != texts.facts().size() || l.factTexts().size() != texts.facts().size()) return false;
        for (int i = 0; i < l.facts().size(); i++) {
            Box text = TextPainter.factTextBox(l, i);
            if (!text.inside(l.facts().get(i)) || l.factTexts().get(i).maxWidth() > text.w()) return false;
        }
        return true;
    }

    private static boolean inside(String field, FittedText t, Box box) {
        if (!Texts.present(field)) return true;
        return t != null && box != null && t.maxWidth() <= box.w() && t.height() <= box.h();
    }
}
