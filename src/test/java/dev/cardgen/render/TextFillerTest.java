package dev.cardgen.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cardgen.render.text.Texts;
import dev.cardgen.render.words.CardLocale;
import dev.cardgen.render.words.Words;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class TextFillerTest {
    @Test
    void titleFromFileName() {
        assertEquals("Red running shoes", TextFiller.titleFromFilename("red_running-shoes.JPG"));
        assertEquals("Серум для лица", TextFiller.titleFromFilename("C:\\photos\\серум_для_лица.png"));
        assertEquals("Leather bag", TextFiller.titleFromFilename("IMG_1234 leather bag.jpeg"));
        assertEquals("Mug", TextFiller.titleFromFilename("PXL_20240101_123456789.MP mug.jpg"));
        assertNull(TextFiller.titleFromFilename("DSC01234.jpg"));
        assertNull(TextFiller.titleFromFilename("IMG_20240101_123456.heic"));
        assertNull(TextFiller.titleFromFilename("12345.png"));
        assertNull(TextFiller.titleFromFilename(null));
        assertEquals("Iphone case v2", TextFiller.titleFromFilename("iphone.case.v2.webp"));
        // A file name is not validated like a given title: words the fonts cannot draw are dropped.
        assertEquals("商品 jacket", TextFiller.titleFromFilename("商品 jacket.jpg"));
        assertEquals("Down jacket", TextFiller.titleFromFilename("down\u3000jacket 😀.png"));
        assertEquals("Jacket", TextFiller.titleFromFilename("\uD840\uDC00 jacket.png"));
        assertNull(TextFiller.titleFromFilename("😀.jpg"));
    }

    @Test
    void defaultsPerTemplateAndGivenTextsKept() {
        Texts studio = TextFiller.fill(new Texts(null, " ", null, null), "IMG_0001.jpg", "studio");
        assertEquals("New arrival", studio.title());
        assertNull(studio.subtitle());
        assertEquals("NEW", studio.badge());
        assertTrue(studio.facts().isEmpty());
        Texts info = TextFiller.fill(null, "kettle.png", "infographic");
        assertEquals("Kettle", info.title());
        assertEquals("Key features at a glance", info.subtitle());
        assertNull(info.badge());
        Texts given = TextFiller.fill(new Texts(" My title ", "Sub", List.of("a", " "), "SALE"), "x.jpg", "bold");
        assertEquals(new Texts("My title", "Sub", List.of("a"), "SALE"), given);
    }

    @Test
    void defaultsFollowTheLanguageOfTheGivenTexts() {
        Texts ru = TextFiller.fill(new Texts("Бутылка для воды", null, java.util.List.of(), null), null, Templates.GRADIENT);
        assertEquals("Свежий взгляд, качество на каждый день", ru.subtitle());
        assertEquals("НОВИНКА", ru.badge());
        Texts ruFromFile = TextFiller.fill(null, "чайник_стеклянный.jpg", Templates.BOLD);
        assertEquals("Чайник стеклянный", ruFromFile.title());
        assertEquals("ХИТ", ruFromFile.badge());
        Texts ruFacts = TextFiller.fill(new Texts(null, null, java.util.List.of("Без BPA, сталь"), null), "IMG_1.jpg", Templates.STUDIO);
        assertEquals("Новинка", ruFacts.title());
        Texts en = TextFiller.fill(new Texts("Water bottle", null, java.util.List.of(), null), null, Templates.GRADIENT);
        assertEquals("Fresh look, everyday quality", en.subtitle());
        assertEquals("NEW", en.badge());
    }

    @Test
    void everyTemplateFillsItsWordsInEveryLocaleAndTheyFit() {
        int cards = 0;
        for (String locale : CardLocale.SUPPORTED) {
            for (TemplateInfo t : Templates.all()) {
                CardTemplate template = Templates.of(t.id());
                TextFiller.Filled f = TextFiller.fill(new Texts(null, null, null, null), "IMG_0001.jpg", t.id(), locale, "en");
                assertEquals(locale, f.locale());
                assertEquals(Words.get(locale, "title.default"), f.texts().title(), locale + " " + t.id());
                String subtitleKey = template.look().subtitle().key(), badgeKey = template.look().badge().key();
                assertEquals(subtitleKey == null ? null : Words.get(locale, subtitleKey), f.texts().subtitle(), locale + " " + t.id());
                assertEquals(badgeKey == null ? null : Words.get(locale, badgeKey), f.texts().badge(), locale + " " + t.id());
                assertTrue(TextFit.fitsEverywhere(t.id(), f.texts(), locale), locale + " " + t.id());
                // Read back, the card's words are in its locale: none is in another language. (Russian and
                // Ukrainian both write "Новинка": a studio card says only that, and reads as either.)
                List<String> words = new java.util.ArrayList<>(java.util.Arrays.asList(f.texts().title(), f.texts().subtitle(), f.texts().badge()));
                String read = CardLocale.infer(words, locale);
                if (!read.equals(locale)) {
                    assertEquals(TextFiller.fill(new Texts(null, null, null, null), "IMG_0001.jpg", t.id(), read, null).texts(), f.texts(),
                            locale + " " + t.id() + " reads as " + read + ": " + words);
                }
                cards++;
            }
        }
        assertEquals(20 * 5, cards);
        // Without a locale, the texts' language fills the rest; with none told, Accept-Language.
        TextFiller.Filled ar = TextFiller.fill(new Texts("زجاجة ماء", null, null, null), null, Templates.INFOGRAPHIC, null, "en");
        assertEquals(new TextFiller.Filled(new Texts("زجاجة ماء", "أهم المزايا في لمحة", List.of(), null), "ar"), ar);
        TextFiller.Filled he = TextFiller.fill(new Texts("בקבוק מים", null, null, null), null, Templates.GRADIENT, null, null);
        assertEquals(new TextFiller.Filled(new Texts("בקבוק מים", "מראה רענן, איכות לכל יום", List.of(), "חדש"), "he"), he);
        TextFiller.Filled fromFile = TextFiller.fill(null, "不锈钢_保温杯.jpg", Templates.BOLD, null, "de");
        assertEquals(new TextFiller.Filled(new Texts("不锈钢 保温杯", null, List.of(), "热卖"), "zh-Hans"), fromFile);
        TextFiller.Filled header = TextFiller.fill(null, "IMG_0001.jpg", Templates.STUDIO, null, "pl-PL,pl;q=0.9");
        assertEquals(new TextFiller.Filled(new Texts("Nowość", null, List.of(), "NOWOŚĆ"), "pl"), header);
    }

    @Test
    void aTitleFromTheFileNameIsShortenedUntilTheWholeCardFits() {
        String word = "ЉЉЉЉЉЉЉЉЉЉЉ"; // 1.07 em letters: wider than those proven to fit at every limit
        String subtitle = (word + " ").repeat(14).substring(0, 160);
        List<String> facts = java.util.Collections.nCopies(6, (word + " ").repeat(7).substring(0, 80));
        Texts given = new Texts(null, subtitle, facts, null);
        String file = (word + " ").repeat(11).strip();
        assertTrue(TextFit.fitsEverywhere("bold", given), "the client's texts fit without a title (as validated)");
        assertFalse(TextFit.fitsEverywhere("bold", new Texts(file, subtitle, facts, "HIT")), "the whole file name would not");

        Texts filled = TextFiller.fill(given, file + ".jpg", "bold");

        assertTrue(TextFit.fitsEverywhere("bold", filled));
        assertTrue(filled.title().length() < file.length() && file.startsWith(filled.title()) && filled.title().startsWith(word),
                "leading words of the file name: " + filled.title());
        assertEquals(subtitle, filled.subtitle());
        assertEquals(facts, filled.facts());
    }
}
