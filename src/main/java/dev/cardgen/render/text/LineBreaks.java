package dev.cardgen.render.text;

import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a field's lines may break, after Unicode's line breaking rules (UAX #14) for the scripts the
 * card draws: at spaces, which a break swallows, and, inside Chinese and Japanese, which put no spaces
 * between words, between any two ideographs, kana or full-width marks. Korean puts spaces between words,
 * so Hangul breaks only at them (UAX #14 allows either; word breaks read as Koreans set text). Japanese
 * and Chinese kinsoku shori: no line starts with closing punctuation, a small kana or the prolonged
 * sound mark (。、」）！？ー っ …) and none ends with opening punctuation (「（【 …); such a mark goes with
 * its neighbour instead. Between a Latin word and an ideograph a break is allowed ("iPhone15保护壳").
 */
public final class LineBreaks {
    /** Never at the start of a line: closing brackets and quotes, stops, small kana, iteration marks. */
    static final String NO_START = "。．，、：；！？）」』】〕〉》〗〙〛｝］〞〟”’・ー〜～‥…ヽヾゝゞ々〻"
            + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
            + ")]},.:;!?%‰°℃｡､｣ｧｨｩｪｫｬｭｮｯｰﾞﾟ％";
    /** Never at the end of a line: opening brackets and quotes, currency signs that lead a number. */
    static final String NO_END = "（「『【〔〈《〖〘〚｛［〝“‘([{｢＄￥＃$£¥€";

    /** A piece of a field no line breaks inside; {@code spaced}: a space stands before it (dropped at a break). */
    public record Unit(String text, boolean spaced) {}

    private LineBreaks() {}

    /** The field (cleaned: single U+0020 spaces) cut at its break opportunities. */
    public static List<Unit> units(String text) {
        List<Unit> out = new ArrayList<>();
        boolean first = true;
        for (String word : text.split(" ")) {
            if (word.isEmpty()) continue;
            boolean spaced = !first;
            first = false;
            int start = 0;
            // Every ideographic character is at or above U+2E80: a word without one is never broken (and
            // needs no grapheme iterator, which the fitter would otherwise make for every word it wraps).
            for (int at : hasIdeographBlock(word) ? inside(word) : List.<Integer>of()) {
                out.add(new Unit(word.substring(start, at), spaced));
                spaced = false;
                start = at;
            }
            out.add(new Unit(word.substring(start), spaced));
        }
        return out;
    }

    /** Any char at or above U+2E80 (a loop: the fitter asks for every word of every wrap it makes). */
    private static boolean hasIdeographBlock(String word) {
        for (int i = 0; i < word.length(); i++) if (word.charAt(i) >= 0x2E80) return true;
        return false;
    }

    /** Break opportunities inside a word without spaces, as offsets; between graphemes only. */
    static List<Integer> inside(String word) {
        List<Integer> at = new ArrayList<>();
        BreakIterator it = BreakIterator.getCharacterInstance(Locale.ROOT);
        it.setText(word);
        int prev = -1;
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            int cp = word.codePointAt(start);
            if (prev >= 0 && breaksBetween(prev, cp)) at.add(start);
            prev = word.codePointBefore(end);
        }
        return at;
    }

    /** A line may break between these two, with no space between them. */
    public static boolean breaksBetween(int before, int after) {
        if (!ideographic(before) && !ideographic(after)) return false;
        return NO_START.indexOf(after) < 0 && NO_END.indexOf(before) < 0;
    }

    /** Han, kana, Bopomofo and the CJK and full-width marks: written without spaces, breakable anywhere. */
    static boolean ideographic(int cp) {
        return switch (Character.UnicodeScript.of(cp)) {
            case HAN, HIRAGANA, KATAKANA, BOPOMOFO -> true;
            case HANGUL -> false;
            default -> (cp >= 0x3000 && cp <= 0x303F) || (cp >= 0xFF01 && cp <= 0xFF60) || (cp >= 0xFE30 && cp <= 0xFE4F);
        };
    }
}
