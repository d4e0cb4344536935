package dev.cardgen.render.text;

import java.util.List;

/**
 * Text after fitting: the face, the chosen pixel size and the wrapped lines.
 * {@code lineHeight} is the baseline-to-baseline step; {@code ascent} places the first baseline and
 * {@code descent} is the room under the last one, both large enough for every glyph actually drawn
 * (marks above Devanagari or below Arabic included). {@code hyphenated} says a word had to be broken;
 * {@code rtl} that the text, one paragraph, reads right to left, so every line is laid out and aligned so.
 */
public record FittedText(FontSet.Face face, float size, List<String> lines, int lineHeight, int ascent, int descent,
                         boolean hyphenated, boolean rtl) {
    public int height() { return lines.isEmpty() ? 0 : ascent + (lines.size() - 1) * lineHeight + descent; }

    /** Width of one of the lines as drawn, its ink on both sides included. */
    public double width(String line) { return TextFitter.drawn(face, size, line, rtl).width(); }

    /** How far right of its box edge a line's origin goes so that ink left of the origin stays inside. */
    public double lead(String line) { return TextFitter.drawn(face, size, line, rtl).lead(); }

    /** Widest line. */
    public int maxWidth() {
        double w = 0;
        for (String l : lines) w = Math.max(w, width(l));
        return (int) Math.ceil(w);
    }
}
