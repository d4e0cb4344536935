package dev.cardgen.render;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.TextFitter;
import dev.cardgen.render.text.Texts;

import java.util.ArrayList;
import java.util.List;

/**
 * Facts as a list (or a grid of columns) sharing one font size: the largest size at which all
 * of them fit the height. No fact is ever dropped: below the minimum size facts may take more
 * lines and smaller type down to the floor; if even that is too tall the list is returned whole
 * with {@code height} above the budget, and the caller gives it more room.
 */
record FactList(List<Box> boxes, List<FittedText> texts, int indent, int height) {

    static FactList fit(List<String> rawFacts, FontSet.Face face, double s, int width, int maxHeight, boolean icons,
                        int columns) {
        List<String> facts = rawFacts.stream().map(Texts::clean).toList(); // once, not at every size tried
        int cols = Math.max(1, Math.min(columns, facts.size()));
        float max = (float) (TypeScale.FACT_MAX * s), min = (float) (TypeScale.FACT_MIN * s);
        if (facts.isEmpty()) return new FactList(List.of(), List.of(), 0, 0);
        FactList fl = largest(facts, face, s, max, min, width, maxHeight, icons, cols, TypeScale.FACT_LINES);
        float floor = min * TextFitter.FLOOR;
        if (fl == null) fl = largest(facts, face, s, min, floor, width, maxHeight, icons, cols, TypeScale.FACT_LINES + 2);
        return fl != null ? fl : place(facts, face, s, floor, width, icons, cols, Integer.MAX_VALUE);
    }

    /**
     * The list at the largest size of {@code from}, {@code from} - 0.5, ... down to {@code to} that fits,
     * or null. Binary search over those steps (a smaller size never needs more lines): a long
     * right-to-left fact is costly to wrap, and a scan from the top wrapped every fact at every step.
     */
    private static FactList largest(List<String> facts, FontSet.Face face, double s, float from, float to, int width,
                                    int maxHeight, boolean icons, int cols, int maxLines) {
        int lo = 0, hi = (int) Math.floor((from - to + 0.01f) / 0.5f);
        FactList best = null;
        while (lo <= hi) {
            int k = (lo + hi) >>> 1;
            FactList fl = place(facts, face, s, from - 0.5f * k, width, icons, cols, maxLines);
            if (fl != null && fl.height <= maxHeight) {
                best = fl;
                hi = k - 1;
            } else {
                lo = k + 1;
            }
        }
        return best;
    }

    private static FactList place(List<String> facts, FontSet.Face face, double s, float size, int width,
                                  boolean icons, int cols, int maxLines) {
        int colGap = (int) Math.round(0.04 * s);
        int colW = (width - colGap * (cols - 1)) / cols;
        int indent = Math.round(size * (icons ? 2.3f : 1.2f));
        int rowGap = (int) Math.round((icons ? 0.024 : 0.014) * s);
        int minRow = icons ? Math.round(size * 1.7f) : 0;
        List<Box> boxes = new ArrayList<>();
        List<FittedText> texts = new ArrayList<>();
        int rows = (facts.size() + cols - 1) / cols;
        int y = 0;
        for (int r = 0; r < rows; r++) {
            int rowH = 0;
            for (int c = 0; c < cols && r * cols + c < facts.size(); c++) {
                FittedText t = TextFitter.wrap(facts.get(r * cols + c), face, size, colW - indent);
                if (t.lines().size() > maxLines) return null;
                texts.add(t);
                rowH = Math.max(rowH, Math.max(minRow, t.height()));
            }
            for (int c = 0; c < cols && r * cols + c < facts.size(); c++) {
                boxes.add(new Box(c * (colW + colGap), y, colW, rowH));
            }
            y += rowH + (r < rows - 1 ? rowGap : 0);
        }
        return new FactList(boxes, texts, indent, y);
    }
}
