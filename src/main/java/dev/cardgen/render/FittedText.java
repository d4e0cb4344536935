package dev.cardgen.render;

import java.util.List;

/**
 * Text after fitting: the face, the chosen pixel size and the wrapped lines.
 * {@code lineHeight} is the baseline-to-baseline step; {@code ascent} places the first baseline.
 */
public record FittedText(FontSet.Face face, float size, List<String> lines, int lineHeight, int ascent,
                         boolean truncated) {
    public int height() { return lines.isEmpty() ? 0 : ascent + (lines.size() - 1) * lineHeight + descentPad(); }

    private int descentPad() { return Math.round(size * 0.28f); }
}
