package dev.cardgen.render;

import dev.cardgen.render.text.FittedText;

import java.util.List;

/**
 * Boxes for one canvas. Absent elements are null (or empty lists). Text boxes carry the fitted
 * text so tests and the painter share one decision; {@code centered} says how lines align in their box.
 * {@code factIndent} is the space left of each fact's text for its bullet or icon.
 */
public record Layout(int width, int height, Box safeArea, Box product, Box title, Box subtitle, List<Box> facts,
                     Box badge, FittedText titleText, FittedText subtitleText, List<FittedText> factTexts,
                     FittedText badgeText, int factIndent, boolean centered, String arrangement) {

    /** Every placed box, product first; used by overlap checks. */
    public List<Box> boxes() {
        java.util.ArrayList<Box> all = new java.util.ArrayList<>();
        for (Box b : new Box[] {product, title, subtitle, badge}) if (b != null) all.add(b);
        all.addAll(facts);
        return all;
    }
}
