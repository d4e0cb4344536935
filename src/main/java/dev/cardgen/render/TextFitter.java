package dev.cardgen.render;

import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Word-wraps text and picks the largest size that fits a width, line count and height. Nothing is
 * ever cut: when the preferred line count does not fit even at the minimum size, more lines and
 * then smaller type (down to {@link TypeScale#FLOOR} of the minimum) are tried, and the caller
 * learns from the height whether the result still overflows so it can give the text more room.
 */
public final class TextFitter {
    static final float LINE_SPACING = 1.18f;
    static final String HYPHEN = "-";

    private TextFitter() {}

    public static double width(FontSet.Face face, float size, String s) {
        if (FontSet.simple(s, face)) return FontSet.font(face, size).getStringBounds(s, FontSet.FRC).getWidth();
        // Shaped layouts are costly and the fitter asks for the same prefixes at every step of its searches.
        String key = face.ordinal() + "/" + size + "/" + s;
        Double w = WIDTHS.get(key);
        if (w != null) return w;
        TextLayout l = FontSet.layout(s, face, size);
        // Marks may hang past the advance (a final virama, a kasra): the ink counts too.
        double width = 0;
        if (l != null) {
            Rectangle2D ink = l.getBounds();
            width = Math.max(l.getAdvance(), ink.getMaxX()) - Math.min(0, ink.getMinX());
        }
        if (WIDTHS.size() > 50_000) WIDTHS.clear();
        WIDTHS.put(key, width);
        return width;
    }

    private static final java.util.Map<String, Double> WIDTHS = new java.util.concurrent.ConcurrentHashMap<>();

    /** Largest size in [min, max] (1/2 px steps) whose wrap fits; null when text is absent. */
    public static FittedText fit(String text, FontSet.Face face, int maxWidth, int maxHeight, int maxLines,
                                 float maxSize, float minSize) {
        if (!Texts.present(text)) return null;
        String clean = clean(text);
        float min = Math.min(minSize, maxSize);
        FittedText t = search(clean, face, maxWidth, maxHeight, maxLines, maxSize, min);
        if (t == null) t = search(clean, face, maxWidth, maxHeight, Integer.MAX_VALUE, min, min * TypeScale.FLOOR);
        // Still too tall at the floor: return it whole; the caller sees height() > maxHeight.
        return t != null ? t : wrap(clean, face, min * TypeScale.FLOOR, maxWidth);
    }

    static String clean(String text) { return text.strip().replaceAll("\\s+", " "); }

    private static FittedText search(String clean, FontSet.Face face, int maxWidth, int maxHeight, int maxLines,
                                     float maxSize, float minSize) {
        // Binary search on half-pixel steps: deterministic and proportional to the canvas. A broken
        // word counts as not fitting while a larger size is still possible with the words whole.
        int lo = Math.round(minSize * 2), hi = Math.round(maxSize * 2), best = -1, broken = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            FittedText t = wrap(clean, face, mid / 2f, maxWidth);
            if (t.lines().size() <= maxLines && t.height() <= maxHeight) {
                if (t.hyphenated()) broken = Math.max(broken, mid); else best = mid;
                if (t.hyphenated()) hi = mid - 1; else lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (best < 0) best = broken;
        return best > 0 ? balance(clean, face, best / 2f, maxWidth) : null;
    }

    /**
     * Same size and line count, but the narrowest width that still gives that count: lines come
     * out even and a lone last word ("…Aero / X") moves down with company.
     */
    static FittedText balance(String text, FontSet.Face face, float size, int maxWidth) {
        FittedText full = wrap(text, face, size, maxWidth);
        int n = full.lines().size();
        if (n < 2 || full.hyphenated()) return full;
        int lo = maxWidth / 2, hi = maxWidth;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            FittedText t = wrap(text, face, size, mid);
            if (t.lines().size() <= n && !t.hyphenated()) hi = mid; else lo = mid + 1;
        }
        return wrap(text, face, size, hi);
    }

    static FittedText wrap(String text, FontSet.Face face, float size, int maxWidth) {
        List<String> lines = new ArrayList<>();
        boolean broken = false;
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (width(face, size, candidate) <= maxWidth) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (!line.isEmpty()) lines.add(line.toString());
            line.setLength(0);
            String rest = word;
            while (width(face, size, rest) > maxWidth) {
                // A word wider than the line: break it between graphemes and mark the break with a hyphen.
                int n = fitPrefix(face, size, rest, maxWidth);
                if (n <= 0 || n >= rest.length()) break;
                broken = true;
                lines.add(rest.substring(0, n) + HYPHEN);
                rest = rest.substring(n);
            }
            line.append(rest);
        }
        if (!line.isEmpty()) lines.add(line.toString());
        return make(face, size, lines, broken);
    }

    /** Longest grapheme-aligned prefix that fits with its hyphen; at least one grapheme. */
    private static int fitPrefix(FontSet.Face face, float size, String s, int maxWidth) {
        BreakIterator it = BreakIterator.getCharacterInstance(Locale.ROOT);
        it.setText(s);
        int first = it.next(), good = first;
        for (int end = it.next(); end != BreakIterator.DONE && end < s.length(); end = it.next()) {
            if (width(face, size, s.substring(0, end) + HYPHEN) > maxWidth) break;
            good = end;
        }
        return good;
    }

    private static FittedText make(FontSet.Face face, float size, List<String> lines, boolean hyphenated) {
        double ascent = FontSet.font(face, size).getLineMetrics("Ag", FontSet.FRC).getAscent();
        double descent = size * 0.28;
        for (String l : lines) {
            // Roboto's own ascent already covers its accents; other scripts are measured by their ink.
            if (FontSet.simple(l, face) && l.chars().noneMatch(c -> Character.getType(c) == Character.NON_SPACING_MARK)) {
                continue;
            }
            TextLayout tl = FontSet.layout(l, face, size);
            if (tl == null) continue;
            Rectangle2D b = tl.getBounds();
            ascent = Math.max(ascent, -b.getY());
            descent = Math.max(descent, b.getMaxY());
        }
        int lineHeight = Math.round(size * LINE_SPACING);
        return new FittedText(face, size, List.copyOf(lines), lineHeight, (int) Math.ceil(ascent),
                (int) Math.ceil(descent), hyphenated);
    }
}
