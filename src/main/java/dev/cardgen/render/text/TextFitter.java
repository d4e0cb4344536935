package dev.cardgen.render.text;

import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Word-wraps text and picks the largest size that fits a width, line count and height. Nothing is
 * ever cut: when the preferred line count does not fit even at the minimum size, more lines and
 * then smaller type (down to {@link #FLOOR} of the minimum) are tried, and the caller
 * learns from the height whether the result still overflows so it can give the text more room.
 */
public final class TextFitter {
    static final float LINE_SPACING = 1.18f;
    /** Legible floor, as a fraction of a field's minimum size: used only when the limits would not fit otherwise. */
    public static final float FLOOR = 0.8f;
    /** What a word broken across lines ends with. */
    public static final String HYPHEN = "-";

    private TextFitter() {}

    /** Quick width, for estimates: plain string bounds for simple Roboto strings. */
    public static double width(FontSet.Face face, float size, String s, boolean rtl) {
        return ink(face, size, s, false, rtl).width();
    }

    /** A line of a paragraph in direction {@code rtl} as drawn: shaped, its ink included on both sides (see {@link Ink}). */
    public static Ink drawn(FontSet.Face face, float size, String s, boolean rtl) {
        return ink(face, size, s, true, rtl);
    }

    /**
     * A string's width as drawn and how far its glyphs reach above and below the baseline. Simple
     * Roboto strings are measured with string bounds unless {@code exact}; others with a shaped
     * layout, whose glyphs may hang past the advance (a final virama, a kasra, the tail of a "j"), so
     * the ink counts too. Cached: the fitter asks for the same words at every step of its searches.
     */
    private static Ink ink(FontSet.Face face, float size, String s, boolean exact, boolean rtl) {
        InkKey key = new InkKey(face, size, exact, rtl, FontSet.region(), s);
        Ink cached = INKS.get(key);
        if (cached != null) return cached;
        Ink ink;
        if (!exact && FontSet.simple(s, face) && s.chars().noneMatch(c -> Character.getType(c) == Character.NON_SPACING_MARK)) {
            ink = new Ink(FontSet.font(face, size).getStringBounds(s, FontSet.FRC).getWidth(), 0, 0, 0);
        } else {
            // Any other string is shaped either way: an estimate reuses the exact measure (an ideograph
            // asked for by the wrap's estimate and by a line's ascent is shaped once).
            InkKey shapedKey = exact ? key : new InkKey(face, size, true, rtl, key.region(), s);
            ink = exact ? null : INKS.get(shapedKey);
            if (ink == null) {
                TextLayout l = FontSet.layout(s, face, size, rtl);
                if (l == null) {
                    ink = new Ink(0, 0, 0, 0);
                } else {
                    Rectangle2D b = l.getBounds();
                    double lead = Math.max(0, -b.getMinX());
                    ink = new Ink(Math.max(l.getAdvance(), b.getMaxX()) + lead, -b.getY(), b.getMaxY(), lead);
                }
                if (!exact) INKS.put(shapedKey, ink);
            }
        }
        INKS.put(key, ink);
        return ink;
    }

    /**
     * Width, the ink's reach above and below the baseline (0 for plain Roboto: its own metrics cover
     * it), and how far the ink starts left of the origin: the line is drawn that much further right.
     */
    public record Ink(double width, double ascent, double descent, double lead) {}

    /**
     * A measurement's inputs: no key string is built (the text's hash is kept by the string itself). The
     * keys' equals and hashCode are written out: a record's own go through method handles, which cost
     * 11 % of TextLimitsTest's CPU in the test JVM's C1-compiled code (async-profiler).
     */
    private record InkKey(FontSet.Face face, float size, boolean exact, boolean rtl, FontSet.Han region, String text) {
        @Override
        public boolean equals(Object o) {
            return o instanceof InkKey k && k.face == face && Float.compare(k.size, size) == 0 && k.exact == exact
                    && k.rtl == rtl && k.region == region && k.text.equals(text);
        }

        @Override
        public int hashCode() {
            return ((text.hashCode() * 31 + Float.floatToIntBits(size)) * 31 + face.ordinal() * 8 + region.ordinal()) * 4
                    + (exact ? 2 : 0) + (rtl ? 1 : 0);
        }
    }

    /** At most 100,000 measurements (a few MB: an entry holds a word's or a line's key and four numbers). */
    private static final RecentCache<InkKey, Ink> INKS = new RecentCache<>(50_000);

    /** Largest size in [min, max] (1/2 px steps) whose wrap fits; null when text is absent. */
    public static FittedText fit(String text, FontSet.Face face, int maxWidth, int maxHeight, int maxLines,
                                 float maxSize, float minSize) {
        if (!Texts.present(text)) return null;
        FitKey key = new FitKey(face, maxWidth, maxHeight, maxLines, maxSize, minSize, FontSet.region(), text);
        FittedText cached = FITS.get(key);
        if (cached != null) return cached;
        String clean = Texts.clean(text);
        float min = Math.min(minSize, maxSize);
        FittedText t = search(clean, face, maxWidth, maxHeight, maxLines, maxSize, min);
        if (t == null) t = search(clean, face, maxWidth, maxHeight, Integer.MAX_VALUE, min, min * FLOOR);
        // Still too tall at the floor: return it whole; the caller sees height() > maxHeight.
        if (t == null) t = wrap(clean, face, min * FLOOR, maxWidth);
        FITS.put(key, t);
        return t;
    }

    /**
     * Fits already made: a layout asks for the same field in the same box again for every share of the
     * canvas and every arrangement it weighs (TextLimitsTest: 76,553 fits, 6,561 of them different), and
     * each is a search through some fifteen wraps.
     */
    private record FitKey(FontSet.Face face, int maxWidth, int maxHeight, int maxLines, float maxSize, float minSize,
                          FontSet.Han region, String text) {
        @Override
        public boolean equals(Object o) {
            return o instanceof FitKey k && k.face == face && k.maxWidth == maxWidth && k.maxHeight == maxHeight
                    && k.maxLines == maxLines && Float.compare(k.maxSize, maxSize) == 0 && Float.compare(k.minSize, minSize) == 0
                    && k.region == region && k.text.equals(text);
        }

        @Override
        public int hashCode() {
            int h = text.hashCode() * 31 + Float.floatToIntBits(maxSize);
            h = (h * 31 + Float.floatToIntBits(minSize)) * 31 + maxWidth;
            return ((h * 31 + maxHeight) * 31 + maxLines) * 31 + face.ordinal() * 8 + region.ordinal();
        }
    }

    /** At most 4,000 fits: a fit holds one field's lines, most of them also among the wraps kept. */
    private static final RecentCache<FitKey, FittedText> FITS = new RecentCache<>(2_000);

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

    /**
     * Greedy wrap at the break opportunities of {@link LineBreaks} (spaces; between ideographs and kana,
     * kinsoku kept). A line's width is estimated as the sum of its words and spaces (each measured once
     * and cached), then every line that sum does not prove to fit ({@link #INK_SLACK_EM}) is measured
     * whole once; in the rare case the line as drawn is wider than the box, the text is wrapped again
     * measuring every candidate line.
     */
    public static FittedText wrap(String text, FontSet.Face face, float size, int maxWidth) {
        WrapKey key = new WrapKey(face, size, maxWidth, FontSet.region(), text);
        FittedText cached = WRAPS.get(key);
        if (cached != null) return cached;
        FittedText t = wrapUncached(text, face, size, maxWidth);
        WRAPS.put(key, t);
        return t;
    }

    /**
     * Wraps already made: a layout tries the same field at the same size and width again for every
     * share of the canvas it weighs, and the create-time fit check lays the same texts out on many canvases.
     */
    private record WrapKey(FontSet.Face face, float size, int maxWidth, FontSet.Han region, String text) {
        @Override
        public boolean equals(Object o) {
            return o instanceof WrapKey k && k.face == face && Float.compare(k.size, size) == 0 && k.maxWidth == maxWidth
                    && k.region == region && k.text.equals(text);
        }

        @Override
        public int hashCode() {
            return ((text.hashCode() * 31 + Float.floatToIntBits(size)) * 31 + maxWidth) * 31 + face.ordinal() * 8 + region.ordinal();
        }
    }

    /** At most 8,000 wraps: a few MB, a wrap holds one field's text. */
    private static final RecentCache<WrapKey, FittedText> WRAPS = new RecentCache<>(4_000);

    /**
     * How much wider than its measure a string may be as drawn, in em. A line's measure is the sum of its
     * words' and spaces'; a word Roboto draws alone is measured by its advance, so the line's ink may reach
     * past the sum at either end, by at most how far a Roboto glyph reaches past its advance on the left
     * (0.29 em: a Greek capital with a breathing) plus on the right (0.10 em: Ế); any other word is
     * measured with its ink. Nothing is shaped across a break: the bundled fonts substitute and position
     * only within a word, and kerning and ligatures are off. TextFitterTest asserts this of the fonts.
     * A line whose measure leaves this much room fits as drawn, known without shaping it.
     */
    static final double INK_SLACK_EM = 0.5;

    /** How much a mirrored character's advance may change when a right-to-left run draws its mirror, in em. */
    static final double MIRROR_EM = 0.07;

    /** How far a Roboto string's shaped advance may fall short of its summed advances (float rounding), in em. */
    static final double ADVANCE_ERROR_EM = 0.01;

    /**
     * The mirrored characters of a string (brackets, quotes, ...: each may change its advance by
     * {@link #MIRROR_EM}), or -1 when its measure may not show it as drawn: it holds a character whose
     * Roboto measure is not how it is drawn ({@link FontSet#measuredAsDrawn}), or a space that is one
     * grapheme with its neighbour (a mark or a format character after it, a format character such as
     * U+0600 before it), which then takes that neighbour's font and shaping across the break.
     */
    static int mirrored(String s) {
        if (!FontSet.measuredAsDrawn(s)) return -1;
        int mirrored = 0, before = -1;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == ' ' && (i < s.length() && joinsTheSpaceBefore(s.codePointAt(i)) || before >= 0 && Character.getType(before) == Character.FORMAT)) {
                return -1;
            }
            if (Character.isMirrored(cp)) mirrored++;
            before = cp;
        }
        return mirrored;
    }

    private static boolean joinsTheSpaceBefore(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK
                || type == Character.ENCLOSING_MARK || type == Character.FORMAT;
    }

    private static FittedText wrapUncached(String text, FontSet.Face face, float size, int maxWidth) {
        boolean rtl = FontSet.rightToLeft(text); // the text is the whole field: one paragraph, one direction
        List<Double> sums = new ArrayList<>();
        FittedText quick = wrap(text, face, size, maxWidth, sums, rtl);
        for (int i = 0; i < quick.lines().size(); i++) {
            String line = quick.lines().get(i);
            int mirrored = mirrored(line);
            boolean provenToFit = mirrored >= 0 && sums.get(i) <= maxWidth - (INK_SLACK_EM + mirrored * MIRROR_EM) * size;
            if (!provenToFit && drawn(face, size, line, rtl).width() > maxWidth) {
                return wrap(text, face, size, maxWidth, null, rtl);
            }
        }
        return quick;
    }

    /**
     * Whether one piece of a line (a word, a word's head with its hyphen) fits {@code maxWidth} as drawn.
     * Its measure decides unless it is within the slacks of the width: a Roboto piece's measure is its
     * advance, which its ink can only exceed and its mirrored characters change; any other piece's
     * measure is its shaped width itself.
     */
    private static boolean fitsDrawn(FontSet.Face face, float size, String s, int maxWidth, boolean rtl) {
        int mirrored = mirrored(s);
        if (mirrored >= 0) {
            double w = width(face, size, s, rtl), mirroring = mirrored * MIRROR_EM * size;
            if (w <= maxWidth - INK_SLACK_EM * size - mirroring) return true;
            if (w > maxWidth + ADVANCE_ERROR_EM * size + mirroring) return false;
        }
        return drawn(face, size, s, rtl).width() <= maxWidth;
    }

    /**
     * The wrap at {@code maxWidth}: estimated when {@code sums} is given (each line's summed width is
     * added to it), else measuring every candidate line as drawn.
     */
    private static FittedText wrap(String text, FontSet.Face face, float size, int maxWidth, List<Double> sums,
                                   boolean rtl) {
        boolean estimate = sums != null;
        List<String> lines = new ArrayList<>();
        boolean broken = false;
        double space = width(face, size, " ", rtl);
        StringBuilder line = new StringBuilder();
        double lineWidth = 0;
        for (LineBreaks.Unit unit : LineBreaks.units(text)) {
            String word = unit.text();
            double w = width(face, size, word, rtl);
            // The estimate sums widths: a candidate line is built as a string only to be measured whole.
            double candidateWidth = estimate ? (line.isEmpty() ? w : lineWidth + (unit.spaced() ? space : 0) + w)
                    : drawn(face, size, line.isEmpty() ? word : line + (unit.spaced() ? " " : "") + word, rtl).width();
            if (candidateWidth <= maxWidth) {
                if (!line.isEmpty() && unit.spaced()) line.append(' ');
                line.append(word);
                lineWidth = candidateWidth;
                continue;
            }
            if (!line.isEmpty()) {
                lines.add(line.toString());
                if (estimate) sums.add(lineWidth);
            }
            line.setLength(0);
            String rest = word;
            while (!fitsDrawn(face, size, rest, maxWidth, rtl)) {
                // A word wider than the line: break it between graphemes and mark the break with a hyphen.
                int n = fitPrefix(face, size, rest, maxWidth, rtl);
                if (n <= 0 || n >= rest.length()) break;
                broken = true;
                String head = rest.substring(0, n) + HYPHEN;
                lines.add(head);
                if (estimate) sums.add(width(face, size, head, rtl));
                rest = rest.substring(n);
            }
            line.append(rest);
            lineWidth = width(face, size, rest, rtl);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
            if (estimate) sums.add(lineWidth);
        }
        return make(face, size, lines, broken, rtl);
    }

    /** Longest grapheme-aligned prefix that fits with its hyphen (binary search); at least one grapheme. */
    private static int fitPrefix(FontSet.Face face, float size, String s, int maxWidth, boolean rtl) {
        BreakIterator it = BreakIterator.getCharacterInstance(Locale.ROOT);
        it.setText(s);
        List<Integer> ends = new ArrayList<>();
        for (int end = it.next(); end != BreakIterator.DONE && end < s.length(); end = it.next()) ends.add(end);
        if (ends.isEmpty()) return s.length();
        int lo = 0, hi = ends.size() - 1, good = ends.get(0);
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (fitsDrawn(face, size, s.substring(0, ends.get(mid)) + HYPHEN, maxWidth, rtl)) {
                good = ends.get(mid);
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return good;
    }

    private static FittedText make(FontSet.Face face, float size, List<String> lines, boolean hyphenated, boolean rtl) {
        double ascent = FontSet.font(face, size).getLineMetrics("Ag", FontSet.FRC).getAscent();
        double descent = size * 0.28;
        // Roboto's own ascent covers its accents; other scripts are measured by their ink. A glyph's
        // height does not depend on where it stands, so each word's (or ideograph's) cached extent serves every line.
        for (String l : lines) {
            for (LineBreaks.Unit unit : LineBreaks.units(l)) {
                Ink ink = ink(face, size, unit.text(), false, rtl);
                ascent = Math.max(ascent, ink.ascent());
                descent = Math.max(descent, ink.descent());
            }
        }
        int lineHeight = Math.round(size * LINE_SPACING);
        return new FittedText(face, size, List.copyOf(lines), lineHeight, (int) Math.ceil(ascent),
                (int) Math.ceil(descent), hyphenated, rtl);
    }
}
