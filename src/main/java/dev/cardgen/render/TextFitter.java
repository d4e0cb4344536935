package dev.cardgen.render;

import java.awt.Font;
import java.util.ArrayList;
import java.util.List;

/**
 * Word-wraps text and picks the largest size that fits a width, line count and height.
 * Below the minimum size it keeps the minimum and ends the last line with an ellipsis.
 */
public final class TextFitter {
    static final float LINE_SPACING = 1.18f;
    private static final String ELLIPSIS = "\u2026";

    private TextFitter() {}

    public static double width(Font font, String s) {
        return font.getStringBounds(s, FontSet.FRC).getWidth();
    }

    /** Largest size in [min, max] (1/2 px steps) whose wrap fits; null when text is absent. */
    public static FittedText fit(String text, FontSet.Face face, int maxWidth, int maxHeight, int maxLines,
                                 float maxSize, float minSize) {
        if (!Texts.present(text)) return null;
        String clean = text.strip().replaceAll("\\s+", " ");
        float min = Math.min(minSize, maxSize);
        // Binary search on half-pixel steps: deterministic and proportional to the canvas.
        int lo = Math.round(min * 2), hi = Math.round(maxSize * 2), best = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            FittedText t = wrap(clean, face, mid / 2f, maxWidth);
            if (t.lines().size() <= maxLines && t.height() <= maxHeight && !t.truncated()) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        if (best > 0) return balance(clean, face, best / 2f, maxWidth);
        return truncate(clean, face, min, maxWidth, maxHeight, maxLines);
    }

    /**
     * Same size and line count, but the narrowest width that still gives that count: lines come
     * out even and a lone last word ("…Aero / X") moves down with company.
     */
    static FittedText balance(String text, FontSet.Face face, float size, int maxWidth) {
        FittedText full = wrap(text, face, size, maxWidth);
        int n = full.lines().size();
        if (n < 2) return full;
        int lo = maxWidth / 2, hi = maxWidth;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            FittedText t = wrap(text, face, size, mid);
            if (t.lines().size() <= n && !t.truncated()) hi = mid; else lo = mid + 1;
        }
        return wrap(text, face, size, hi);
    }

    static FittedText wrap(String text, FontSet.Face face, float size, int maxWidth) {
        Font font = FontSet.font(face, size);
        List<String> lines = new ArrayList<>();
        boolean broken = false;
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (width(font, candidate) <= maxWidth) {
                line.setLength(0);
                line.append(candidate);
                continue;
            }
            if (!line.isEmpty()) lines.add(line.toString());
            line.setLength(0);
            if (width(font, word) <= maxWidth) {
                line.append(word);
            } else {
                // A single word wider than the box: hard-break it, flagged so the fitter prefers a smaller size.
                broken = true;
                String rest = word;
                while (width(font, rest) > maxWidth && rest.length() > 1) {
                    int n = fitPrefix(font, rest, maxWidth);
                    lines.add(rest.substring(0, n));
                    rest = rest.substring(n);
                }
                line.append(rest);
            }
        }
        if (!line.isEmpty()) lines.add(line.toString());
        return make(face, size, lines, broken);
    }

    private static FittedText truncate(String text, FontSet.Face face, float size, int maxWidth, int maxHeight,
                                       int maxLines) {
        FittedText full = wrap(text, face, size, maxWidth);
        int allowed = maxLines;
        while (allowed > 1 && make(face, size, full.lines().subList(0, Math.min(allowed, full.lines().size())),
                false).height() > maxHeight) {
            allowed--;
        }
        if (full.lines().size() <= allowed) return full;
        List<String> lines = new ArrayList<>(full.lines().subList(0, allowed));
        Font font = FontSet.font(face, size);
        String last = lines.get(allowed - 1);
        while (!last.isEmpty() && width(font, last + ELLIPSIS) > maxWidth) {
            int cut = last.lastIndexOf(' ');
            last = cut > 0 ? last.substring(0, cut) : last.substring(0, last.length() - 1);
        }
        lines.set(allowed - 1, last.stripTrailing() + ELLIPSIS);
        return make(face, size, lines, true);
    }

    private static int fitPrefix(Font font, String s, int maxWidth) {
        int n = 1;
        while (n < s.length() && width(font, s.substring(0, n + 1)) <= maxWidth) n++;
        return n;
    }

    private static FittedText make(FontSet.Face face, float size, List<String> lines, boolean truncated) {
        Font font = FontSet.font(face, size);
        int ascent = Math.round(font.getLineMetrics("Ag", FontSet.FRC).getAscent());
        int lineHeight = Math.round(size * LINE_SPACING);
        return new FittedText(face, size, List.copyOf(lines), lineHeight, ascent, truncated);
    }
}
