package dev.cardgen.render.words;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A card's language read from its texts: the script first, then the language where several share it.
 * Latin is what brands and model names are written in everywhere ("Nike Air", "iPhone 15"), so any
 * letter of another script outweighs it; among the others the script with the most letters wins, kana
 * over Han (Japanese writes both) and Hangul over Han. Inside a shared script, letters only some
 * languages use decide: Cyrillic is Russian unless Kazakh (әғқңөұүһ), Uzbek (ўҳ) or Ukrainian (іїєґ)
 * letters say otherwise; Latin is English, Turkish, German, … only by its accented letters, and with none
 * (or a tie) it decides nothing. Han alone is Simplified Chinese unless Traditional-only characters
 * outnumber Simplified-only ones.
 */
final class ScriptGuess {
    private ScriptGuess() {}

    static Optional<String> of(List<String> texts) {
        StringBuilder all = new StringBuilder();
        for (String t : texts) if (t != null) all.append(t).append(' ');
        String s = all.toString();
        Map<Character.UnicodeScript, Integer> letters = new EnumMap<>(Character.UnicodeScript.class);
        s.codePoints().filter(Character::isLetter).forEach(cp -> letters.merge(Character.UnicodeScript.of(cp), 1, Integer::sum));
        if (letters.containsKey(Character.UnicodeScript.HIRAGANA) || letters.containsKey(Character.UnicodeScript.KATAKANA)) {
            return Optional.of("ja");
        }
        if (letters.containsKey(Character.UnicodeScript.HANGUL)) return Optional.of("ko");
        Character.UnicodeScript top = null;
        int most = 0;
        for (var e : letters.entrySet()) {
            if (e.getKey() == Character.UnicodeScript.LATIN || e.getKey() == Character.UnicodeScript.COMMON) continue;
            if (e.getValue() > most) {
                most = e.getValue();
                top = e.getKey();
            }
        }
        if (top == null) return latin(s);
        return switch (top) {
            case CYRILLIC -> Optional.of(cyrillic(s));
            case HAN -> Optional.of(han(s));
            case ARABIC -> Optional.of("ar");
            case HEBREW -> Optional.of("he");
            case DEVANAGARI -> Optional.of("hi");
            case THAI -> Optional.of("th");
            default -> Optional.empty(); // Greek, Georgian, Armenian: drawn, but no words of theirs yet
        };
    }

    private static String cyrillic(String s) {
        String lower = s.toLowerCase(java.util.Locale.ROOT);
        if (has(lower, "әғқңөұүһ")) return "kk";
        if (has(lower, "ўҳ")) return "uz";
        if (has(lower, "іїєґ")) return "uk";
        return "ru";
    }

    /** Frequent characters written only in Simplified, and their Traditional forms. */
    private static final String SIMPLIFIED_ONLY = "这个们来说时会对后还过为点无开关门问间东车长电语话读写买卖质号体国产业发现实际经济学员头条"
            + "简单热赏览焕级设计颜色尺码适轻软护肤装饰办公厨房婴儿运动鞋机线录边变钟铁钢锅灯";
    private static final String TRADITIONAL_ONLY = "這個們來說時會對後還過為點無開關門問間東車長電語話讀寫買賣質號體國產業發現實際經濟學員頭條"
            + "簡單熱賞覽煥級設計顏色尺碼適輕軟護膚裝飾辦公廚房嬰兒運動鞋機線錄邊變鐘鐵鋼鍋燈";

    private static String han(String s) {
        int simplified = 0, traditional = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (SIMPLIFIED_ONLY.indexOf(c) >= 0 && TRADITIONAL_ONLY.indexOf(c) < 0) simplified++;
            if (TRADITIONAL_ONLY.indexOf(c) >= 0 && SIMPLIFIED_ONLY.indexOf(c) < 0) traditional++;
        }
        return traditional > simplified ? "zh-Hant" : "zh-Hans";
    }

    /**
     * Points per language for each letter only some Latin-script languages use; the most points win.
     * "ö" and "ü" are German and Turkish; "ç" Turkish, French and Portuguese; "é" French, Spanish,
     * Portuguese and Italian; the Uzbek apostrophe letters (oʻ, gʻ) are Uzbek's own.
     */
    private static final String[][] LATIN_MARKS = {
            {"ğış", "tr"}, {"ßä", "de"}, {"öü", "de tr"}, {"ąćęłńśźż", "pl"}, {"ñ¿¡", "es"}, {"áíú", "es pt"},
            {"ó", "es pt pl"}, {"ãõ", "pt"}, {"ç", "pt fr tr"}, {"âêô", "pt fr"}, {"à", "pt fr it"}, {"èé", "fr it"},
            {"é", "es pt"}, {"ëïîœûÿ", "fr"}, {"ù", "fr it"}, {"ìò", "it"}, {"ʻ", "uz"}};

    private static Optional<String> latin(String s) {
        Map<String, Integer> points = new java.util.LinkedHashMap<>();
        String lower = s.toLowerCase(java.util.Locale.ROOT).replaceAll("([og])['‘’`]", "$1ʻ");
        for (int i = 0; i < lower.length(); i++) {
            for (String[] mark : LATIN_MARKS) {
                if (mark[0].indexOf(lower.charAt(i)) < 0) continue;
                for (String lang : mark[1].split(" ")) points.merge(lang, 1, Integer::sum);
            }
        }
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == 'İ') points.merge("tr", 1, Integer::sum); // lower-cased it is "i̇"
        String best = null;
        int top = 0;
        boolean tie = false;
        for (var e : points.entrySet()) {
            if (e.getValue() > top) {
                top = e.getValue();
                best = e.getKey();
                tie = false;
            } else if (e.getValue() == top) {
                tie = true;
            }
        }
        return best == null || tie ? Optional.empty() : Optional.of(best);
    }

    private static boolean has(String s, String letters) {
        for (int i = 0; i < s.length(); i++) if (letters.indexOf(s.charAt(i)) >= 0) return true;
        return false;
    }
}
