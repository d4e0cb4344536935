package dev.cardgen.render.words;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT)
class CardLocaleTest {

    @Test
    void aTagIsMatchedByLanguageAndChineseByScriptOrRegion() {
        assertEquals("en", CardLocale.resolve("en"));
        assertEquals("en", CardLocale.resolve("en-GB"));
        assertEquals("pt", CardLocale.resolve("pt-BR"));
        assertEquals("de", CardLocale.resolve("DE-at"));
        assertEquals("kk", CardLocale.resolve("kk-KZ"));
        assertEquals("uz", CardLocale.resolve("uz-Latn-UZ"));
        assertEquals("he", CardLocale.resolve("iw"));
        assertEquals("zh-Hans", CardLocale.resolve("zh"));
        assertEquals("zh-Hans", CardLocale.resolve("zh-CN"));
        assertEquals("zh-Hans", CardLocale.resolve("zh-Hans-SG"));
        assertEquals("zh-Hant", CardLocale.resolve("zh-TW"));
        assertEquals("zh-Hant", CardLocale.resolve("zh-HK"));
        assertEquals("zh-Hant", CardLocale.resolve("zh-Hant"));
        assertEquals("ja", CardLocale.resolve("ja-JP"));
        assertEquals("ko", CardLocale.resolve("ko"));
        for (String tag : CardLocale.SUPPORTED) assertEquals(tag, CardLocale.resolve(tag));
    }

    @Test
    void anUnknownOrIllFormedTagIsRefusedSayingWhich() {
        CardLocale.Unsupported unknown = assertThrows(CardLocale.Unsupported.class, () -> CardLocale.resolve("sw"));
        assertTrue(unknown.wellFormed);
        assertEquals("locale 'sw' is not supported. Supported: en, ru, uk, kk, uz, tr, de, fr, es, pt, pl, it, ar, he, hi, th, "
                + "zh-Hans, zh-Hant, ja, ko.", unknown.getMessage());
        for (String bad : List.of("en_US", "e", "", "de--AT", "12", "en-x")) {
            CardLocale.Unsupported e = assertThrows(CardLocale.Unsupported.class, () -> CardLocale.resolve(bad), bad);
            assertFalse(e.wellFormed, bad);
            assertEquals("locale '" + bad + "' is not a BCP 47 language tag (e.g. en, pt-BR, zh-Hans).", e.getMessage());
        }
    }

    @Test
    void theTextsTellTheLanguageScriptFirst() {
        assertEquals("ru", infer("Бутылка для воды Aqua 750 мл"));
        assertEquals("uk", infer("Пляшка для води, їжа"));
        assertEquals("uk", infer("Чохол для телефону, гнучкий і міцний"));
        assertEquals("kk", infer("Су құтысы, 750 мл"));
        assertEquals("kk", infer("Жеңіл күрте"));
        assertEquals("uz", infer("Ўзбек тилида сув идиши"));
        assertEquals("tr", infer("Su şişesi, çelik"));
        assertEquals("tr", infer("İnce ceket"));
        assertEquals("de", infer("Wasserflasche für kühle Getränke"));
        assertEquals("de", infer("Große Tasche"));
        assertEquals("pl", infer("Butelka na wodę, stal nierdzewna"));
        assertEquals("fr", infer("Bouteille isotherme, très légère"));
        assertEquals("es", infer("Botella de agua, diseño pequeño"));
        assertEquals("pt", infer("Garrafa térmica, não derrama"));
        assertEquals("it", infer("Borraccia più leggera, però robusta"));
        assertEquals("uz", infer("Suv idishi, oʻzbekcha"));
        assertEquals("uz", infer("Yengil o'lcham"));
        assertEquals("ar", infer("زجاجة ماء Aqua 750"));
        assertEquals("he", infer("בקבוק מים Aqua"));
        assertEquals("hi", infer("पानी की बोतल"));
        assertEquals("th", infer("ขวดน้ำ สแตนเลส"));
        assertEquals("zh-Hans", infer("不锈钢保温杯 750ml"));
        assertEquals("zh-Hant", infer("不鏽鋼保溫杯，這個顏色很熱賣"));
        assertEquals("ja", infer("ステンレス水筒"));
        assertEquals("ja", infer("水筒　軽量の保温"));
        assertEquals("ko", infer("스테인리스 물병"));
        // Brands in Latin letters do not outweigh the card's own script.
        assertEquals("ru", infer("Nike Air Max 90 кроссовки"));
        assertEquals("ko", infer("Apple iPhone 15 Pro Max 케이스"));
    }

    @Test
    void withoutTellingLettersTheHeaderDecidesThenEnglish() {
        assertEquals("en", CardLocale.infer(List.of("Nike Air Max 90"), null));
        assertEquals("fr", CardLocale.infer(List.of("Nike Air Max 90"), "fr-CH, fr;q=0.9, en;q=0.8"));
        assertEquals("de", CardLocale.infer(List.of("Nike Air Max 90"), "sw;q=1, fr;q=0.5, de;q=0.9"));
        assertEquals("zh-Hant", CardLocale.infer(List.of("Nike"), "zh-TW"));
        assertEquals("en", CardLocale.infer(List.of("Nike"), "sw, *;q=0.5"));
        assertEquals("en", CardLocale.infer(List.of("Nike"), "not a header;;;q=x"));
        // A tie between languages (é is French, Spanish, Portuguese and Italian; ü German and Turkish) tells nothing.
        assertEquals("tr", CardLocale.infer(List.of("Flasche für"), "tr"));
        assertEquals("es", CardLocale.infer(List.of("Café"), "es"));
        // The texts come first: a Russian title under a German browser is a Russian card.
        assertEquals("ru", CardLocale.infer(List.of("Чайник"), "de-DE"));
        assertEquals("ru", CardLocale.infer(java.util.Arrays.asList(null, "Чайник"), null));
    }

    private static String infer(String text) {
        return CardLocale.infer(List.of(text), "fr");
    }
}
