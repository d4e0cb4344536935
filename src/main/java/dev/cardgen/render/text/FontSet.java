package dev.cardgen.render.text;

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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The bundled faces, loaded once from the classpath so the card never depends on fonts installed
 * on the host (and so native images can embed them). Roboto draws Latin, Greek and Cyrillic; each
 * grapheme it lacks falls back, in order, to a Noto Sans face of the same weight class for its script,
 * then, for Chinese, Japanese and Korean, to the Noto Sans CJK subsets ({@link Han}), loaded on first use.
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

    /**
     * The regional forms Han characters are drawn in: the same code point has different glyphs in
     * Simplified and Traditional Chinese, Japanese and Korean (骨, 直, 今, 次, …). Each is a subset of
     * Noto Sans CJK to its national character set (fonts/README.md): GB 2312, Big5 level 1, JIS X 0208
     * with kana, KS X 1001's Hangul and symbols with all modern Hangul (no hanja). A card draws Han in its
     * locale's forms; a character its region's subset lacks is drawn by the first of the others that has it.
     */
    public enum Han {
        SC("NotoSansCJKsc"), TC("NotoSansCJKtc"), JP("NotoSansCJKjp"), KR("NotoSansCJKkr");

        final String family;
        private final Font[] faces = new Font[2]; // regular, bold; loaded on first use

        Han(String family) {
            this.family = family;
        }

        /** The region of a card's locale (a supported BCP 47 tag); Simplified Chinese for any non-CJK one. */
        public static Han of(String locale) {
            if (locale == null) return SC;
            return switch (locale) {
                case "zh-Hant" -> TC;
                case "ja" -> JP;
                case "ko" -> KR;
                default -> SC;
            };
        }

        synchronized Font face(boolean bold) {
            int i = bold ? 1 : 0;
            if (faces[i] == null) faces[i] = load(family + (bold ? "-Bold.otf" : "-Regular.otf"));
            return faces[i];
        }

        /**
         * This region first, then the others by closeness of forms: a traditional character Big5's first
         * level lacks is more likely in JIS X 0208 than in GB 2312, and a Korean hanja looks as in Taiwan.
         */
        List<Han> order() {
            return switch (this) {
                case SC -> List.of(SC, TC, JP, KR);
                case TC -> List.of(TC, JP, SC, KR);
                case JP -> List.of(JP, TC, SC, KR);
                case KR -> List.of(KR, TC, JP, SC);
            };
        }
    }

    /**
     * The region Han is drawn in by the layout and painting running on this thread ({@link #inRegion}).
     * A parameter would have to go through every layout and text class for the one font choice that
     * depends on it; measurements and wraps are cached per region.
     */
    private static final ThreadLocal<Han> REGION = ThreadLocal.withInitial(() -> Han.SC);

    /** Runs {@code body} with Han drawn in {@code region}'s forms on this thread. */
    public static <T> T inRegion(Han region, java.util.function.Supplier<T> body) {
        Han before = REGION.get();
        REGION.set(region);
        try {
            return body.get();
        } finally {
            REGION.set(before);
        }
    }

    /** The region Han is drawn in on this thread now. */
    public static Han region() {
        return REGION.get();
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

    /**
     * The graphemes of a text that no single bundled font draws whole, each once, in the order they
     * first appear; empty when the whole text is drawn. Drawing picks one font per grapheme (a mark
     * stays on its base's font), so this is the check validation needs: code points one by one would
     * accept "א" + U+0301, each in some font but both in none, and draw the letter as an empty box.
     */
    public static List<String> undrawable(String text) {
        Set<String> missing = new LinkedHashSet<>();
        for (String g : graphemes(text)) {
            for (Face face : Face.values()) {
                if (fontFor(g, face) == null) missing.add(g);
            }
        }
        return List.copyOf(missing);
    }

    /**
     * Widest a grapheme may be alone, per code point in it (the API's limits count code points, and a
     * Devanagari cluster such as "ल्की" is one grapheme of four), in em of its widest face: the Arabic letters
     * sad and dad are 1.42 em in isolation (Noto Sans Arabic Bold), the widest letters sellers type.
     * Wider are ligatures of whole words and phrases (U+FDFD, a bismillah, is 7.9 em; many Arabic
     * presentation forms, which keyboards never produce), the two- and three-em dashes and the like:
     * they are refused. The bound does not prove a fit on its own: docs/text.md gives what is measured.
     */
    public static final double MAX_GRAPHEME_EM = 1.45;

    /**
     * Widest a grapheme may be, per code point, for a text to be known to fit without laying it out
     * ({@link TextFit}). Measured with one character repeated to every field's limit, on every
     * template, arrangement and smallest canvas at the 80 % type floor: "Щ" (1.046 em) and "∞"
     * (1.060 em, the widest such letter found) fit everywhere, "Љ" (1.071 em) overflows the 1:1
     * canvases. Wider graphemes are accepted up to {@link #MAX_GRAPHEME_EM} when the text, laid out, fits.
     */
    public static final double PROVEN_GRAPHEME_EM = 1.061;

    /** The largest width of a grapheme of the text, per code point in it, in em (0 for an empty text). */
    public static double widestEmPerCodePoint(String text) {
        double widest = 0;
        for (String g : graphemes(text)) {
            widest = Math.max(widest, em(g) / g.codePointCount(0, g.length()));
        }
        return widest;
    }

    /** The graphemes of a text wider than {@link #MAX_GRAPHEME_EM} per code point in some face, each once, in order. */
    public static List<String> tooWide(String text) {
        Set<String> wide = new LinkedHashSet<>();
        for (String g : graphemes(text)) {
            if (em(g) > MAX_GRAPHEME_EM * g.codePointCount(0, g.length())) wide.add(g);
        }
        return List.copyOf(wide);
    }

    /** The text's graphemes (what a reader takes for one character), in order. */
    private static List<String> graphemes(String text) {
        List<String> graphemes = new ArrayList<>();
        BreakIterator it = BreakIterator.getCharacterInstance(Locale.ROOT);
        it.setText(text);
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            graphemes.add(text.substring(start, end));
        }
        return graphemes;
    }

    private static final Map<String, Double> EMS = new java.util.concurrent.ConcurrentHashMap<>();

    /** A grapheme's width alone, its ink on both sides included, in em of its widest face (cached). */
    public static double em(String grapheme) {
        Double cached = EMS.get(grapheme);
        if (cached != null) return cached;
        double em = 0;
        for (Face face : Face.values()) {
            TextLayout l = layout(grapheme, face, 100f, rightToLeft(grapheme));
            if (l == null) continue;
            java.awt.geom.Rectangle2D b = l.getBounds();
            em = Math.max(em, (Math.max(l.getAdvance(), b.getMaxX()) + Math.max(0, -b.getMinX())) / 100);
        }
        if (EMS.size() > 20_000) EMS.clear();
        EMS.put(grapheme, em);
        return em;
    }

    /**
     * Splits a line into runs of one font each. The unit is the grapheme, so a combining mark
     * always takes its base's font and stays on it.
     */
    public static List<Run> runs(String s, Face face, float size) {
        if (!s.isEmpty() && robotoAlone(s, face)) return List.of(new Run(derive(BASE.get(face), size), s));
        List<Run> runs = new ArrayList<>();
        BreakIterator it = BreakIterator.getCharacterInstance(Locale.ROOT);
        it.setText(s);
        Font current = null;
        int runStart = 0;
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            Font f = fontFor(s.substring(start, end), face);
            if (f == null) f = BASE.get(face); // validation refuses such text; drawn all the same, never thrown
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
     * True when every grapheme of the string goes to Roboto ({@link #fontFor}): Roboto has all its
     * characters and none is one the CJK faces draw (all of those are at or above U+02EA). The common
     * case, decided without cutting the string into graphemes.
     */
    private static boolean robotoAlone(String s, Face face) {
        if (BASE.get(face).canDisplayUpTo(s) != -1) return false;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp >= 0x2EA && eastAsian(cp)) return false;
        }
        return true;
    }

    /**
     * True when Roboto alone draws the line left to right, the common case: it can then be measured
     * with plain string bounds, many times faster than a shaped layout and with the same advance.
     */
    static boolean simple(String s, Face face) {
        return BASE.get(face).canDisplayUpTo(s) == -1 && !java.text.Bidi.requiresBidi(s.toCharArray(), 0, s.length());
    }

    /**
     * False when the string holds a character whose Roboto measure ({@link #simple}) is not how it is
     * drawn: the Bopomofo tone marks U+02EA and U+02EB, which Roboto has but which a CJK face draws
     * ({@link #eastAsian}); the soft hyphen and U+F6C3, which Roboto measures but shaping gives no
     * advance; an enclosing mark, whose ink goes around what precedes it. TextFitterTest finds no other.
     */
    static boolean measuredAsDrawn(String s) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == 0x2EA || cp == 0x2EB || cp == 0xAD || cp == 0xF6C3 || Character.getType(cp) == Character.ENCLOSING_MARK) return false;
        }
        return true;
    }

    /**
     * True when a paragraph reads right to left: its first strong character is right-to-left, the
     * rule the Unicode bidi algorithm uses for a paragraph's direction (P2, P3). A field is one
     * paragraph, so all its lines take this one direction, not each its own first word's.
     */
    public static boolean rightToLeft(String paragraph) {
        return !new java.text.Bidi(paragraph, java.text.Bidi.DIRECTION_DEFAULT_LEFT_TO_RIGHT).baseIsLeftToRight();
    }

    /**
     * A line of a paragraph as one bidi-aware, shaped layout in the paragraph's direction; null for an
     * empty line (Java2D cannot lay those out).
     */
    public static TextLayout layout(String s, Face face, float size, boolean rtl) {
        if (s.isEmpty()) return null;
        AttributedString as = new AttributedString(s);
        as.addAttribute(TextAttribute.RUN_DIRECTION, rtl ? TextAttribute.RUN_DIRECTION_RTL : TextAttribute.RUN_DIRECTION_LTR);
        int at = 0;
        for (Run r : runs(s, face, size)) {
            as.addAttribute(TextAttribute.FONT, r.font(), at, at + r.text().length());
            at += r.text().length();
        }
        return new TextLayout(as.getIterator(), FRC);
    }

    /** The first font, Roboto then the fallbacks, with glyphs for the whole grapheme; null when none has. */
    private static Font fontFor(String grapheme, Face face) {
        // No character is waved through: U+0020 is in every font, and what Java2D draws as nothing
        // at all (line feed, tab, U+2028–202E, U+206A–206F) every font reports it can display.
        // Other spaces and format characters (U+3000, U+2060, the isolates U+2066–2069) need a font
        // that has them; breaking spaces are made U+0020 beforehand (Texts.clean).
        if (eastAsian(grapheme.codePointAt(0))) {
            // Neither Roboto nor the other Noto faces have any of these: straight to the CJK subsets, whose
            // order depends on the region. Nothing else loads them, so an emoji never does.
            for (Han h : REGION.get().order()) {
                Font f = h.face(face.bold);
                if (f.canDisplayUpTo(grapheme) == -1) return f;
            }
            return null;
        }
        Font base = BASE.get(face);
        if (base.canDisplayUpTo(grapheme) == -1) return base;
        for (Font f : face.bold ? FALLBACK_BOLD : FALLBACK_REGULAR) if (f.canDisplayUpTo(grapheme) == -1) return f;
        return null;
    }

    /** Han, kana, Hangul, Bopomofo, or CJK punctuation and full-width forms: what only the CJK subsets may have. */
    static boolean eastAsian(int cp) {
        return switch (Character.UnicodeScript.of(cp)) {
            case HAN, HIRAGANA, KATAKANA, HANGUL, BOPOMOFO -> true;
            default -> (cp >= 0x3000 && cp <= 0x33FF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFFEF)
                    || (cp >= 0x2E80 && cp <= 0x2FDF);
        };
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
