package dev.cardgen.render;

import java.awt.Font;
import java.awt.RenderingHints;
import java.awt.font.FontRenderContext;
import java.awt.font.TextAttribute;
import java.awt.font.TextLayout;
import java.awt.geom.AffineTransform;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.text.AttributedString;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The bundled faces, loaded once from the classpath so the card never depends on fonts installed
 * on the host (and so native images can embed them). Roboto draws Latin, Greek and Cyrillic; each
 * grapheme it lacks falls back, in order, to a Noto Sans face of the same weight class for its script.
 */
public final class FontSet {
    public enum Face {
        REGULAR("Roboto-Regular.ttf", false), MEDIUM("Roboto-Medium.ttf", false), BOLD("Roboto-Bold.ttf", true),
        BLACK("Roboto-Black.ttf", true);

        final String file;
        final boolean bold;

        Face(String file, boolean bold) {
            this.file = file;
            this.bold = bold;
        }
    }

    /** Scripts Roboto lacks, each as a Noto Sans family with a regular and a bold file. */
    private static final List<String> FALLBACKS = List.of("Arabic", "Hebrew", "Devanagari", "Thai", "Georgian",
            "Armenian");

    /**
     * One measuring context shared by layout and painting: antialiased, fractional metrics,
     * so a width measured at layout time is exactly the width drawn.
     */
    public static final FontRenderContext FRC = new FontRenderContext(new AffineTransform(),
            RenderingHints.VALUE_TEXT_ANTIALIAS_ON, RenderingHints.VALUE_FRACTIONALMETRICS_ON);

    private static final Map<Face, Font> BASE = new EnumMap<>(Face.class);
    private static final List<Font> FALLBACK_REGULAR = new ArrayList<>(), FALLBACK_BOLD = new ArrayList<>();

    static {
        for (Face f : Face.values()) BASE.put(f, load(f.file));
        for (String script : FALLBACKS) {
            FALLBACK_REGULAR.add(load("NotoSans" + script + "-Regular.ttf"));
            FALLBACK_BOLD.add(load("NotoSans" + script + "-Bold.ttf"));
        }
    }

    /** A stretch of text drawn with one font. */
    public record Run(Font font, String text) {}

    private FontSet() {}

    public static Font font(Face face, float size) {
        return derive(BASE.get(face), size);
    }

    /** Deriving a font is costly and layout asks for the same few sizes thousands of times. */
    private static final Map<Font, Map<Float, Font>> DERIVED = new java.util.concurrent.ConcurrentHashMap<>();

    private static Font derive(Font base, float size) {
        Map<Float, Font> sizes = DERIVED.computeIfAbsent(base, b -> new java.util.concurrent.ConcurrentHashMap<>());
        if (sizes.size() > 2_000) sizes.clear(); // sizes come from a few canvases; a bound all the same
        return sizes.computeIfAbsent(size, base::deriveFont);
    }

    /** True when some bundled font has a glyph for the code point (or it is an invisible format character). */
    public static boolean canDraw(int codePoint) {
        if (Character.isWhitespace(codePoint) || Character.getType(codePoint) == Character.FORMAT) return true;
        if (BASE.get(Face.REGULAR).canDisplay(codePoint)) return true;
        for (Font f : FALLBACK_REGULAR) if (f.canDisplay(codePoint)) return true;
        return false;
    }

    /**
     * Splits a line into runs of one font each. The unit is the grapheme, so a combining mark
     * always takes its base's font and stays on it.
     */
    public static List<Run> runs(String s, Face face, float size) {
        List<Run> runs = new ArrayList<>();
        BreakIterator it = BreakIterator.getCharacterInstance(Locale.ROOT);
        it.setText(s);
        Font current = null;
        int runStart = 0;
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            Font f = fontFor(s.substring(start, end), face);
            if (current != null && f != current) {
                runs.add(new Run(derive(current, size), s.substring(runStart, start)));
                runStart = start;
            }
            current = f;
        }
        if (current != null) runs.add(new Run(derive(current, size), s.substring(runStart)));
        return runs;
    }

    /**
     * True when Roboto alone draws the line left to right, the common case: it can then be measured
     * with plain string bounds, many times faster than a shaped layout and with the same advance.
     */
    static boolean simple(String s, Face face) {
        return BASE.get(face).canDisplayUpTo(s) == -1 && !java.text.Bidi.requiresBidi(s.toCharArray(), 0, s.length());
    }

    /** The line as one bidi-aware, shaped layout; null for an empty line (Java2D cannot lay those out). */
    public static TextLayout layout(String s, Face face, float size) {
        if (s.isEmpty()) return null;
        AttributedString as = new AttributedString(s);
        int at = 0;
        for (Run r : runs(s, face, size)) {
            as.addAttribute(TextAttribute.FONT, r.font(), at, at + r.text().length());
            at += r.text().length();
        }
        return new TextLayout(as.getIterator(), FRC);
    }

    private static Font fontFor(String grapheme, Face face) {
        Font base = BASE.get(face);
        // Spaces and invisible controls keep Roboto, so they never split a script run needlessly.
        if (grapheme.codePoints().allMatch(cp -> Character.isWhitespace(cp)
                || Character.getType(cp) == Character.FORMAT)) return base;
        if (base.canDisplayUpTo(grapheme) == -1) return base;
        for (Font f : face.bold ? FALLBACK_BOLD : FALLBACK_REGULAR) if (f.canDisplayUpTo(grapheme) == -1) return f;
        return base;
    }

    private static Font load(String file) {
        try (InputStream in = FontSet.class.getResourceAsStream("/fonts/" + file)) {
            if (in == null) throw new IllegalStateException("missing font resource " + file);
            return Font.createFont(Font.TRUETYPE_FONT, in);
        } catch (IOException | java.awt.FontFormatException e) {
            throw new UncheckedIOException(new IOException("cannot load font " + file, e));
        }
    }
}
