package dev.cardgen.render;

import dev.cardgen.render.text.Texts;
import java.util.List;
import java.util.Map;

/** Shared test inputs: text sets, canvas sizes, product aspects. */
final class Fixtures {
    static final Map<String, Texts> TEXTS = Map.of(
            "empty", new Texts(null, null, null, null),
            "short", new Texts("Serum", null, null, "NEW"),
            "full", new Texts("Hydrating Face Serum", "Deep moisture for all skin types, 30 ml",
                    List.of("72-hour hydration", "Vegan", "Dermatologist tested"), "SALE -20%"),
            "long", new Texts("Ultra hydrating overnight face serum with hyaluronic acid, niacinamide and ceramides "
                    + "for dry and sensitive skin, 30 ml", "A".repeat(0) + "Deep moisture that lasts all day and all "
                    + "night long, absorbs in seconds, leaves no sticky film, suits every skin type and every season",
                    List.of("Clinically shown to boost skin hydration by 72% after a single application, every day",
                            "Vegan formula, never tested on animals, recyclable glass bottle with a pipette",
                            "Dermatologist tested on sensitive skin, non-comedogenic and fragrance free",
                            "Made in France", "30 ml lasts about two months of daily use morning and night",
                            "Free shipping"), "Bestseller of the year 24"),
            "cyrillic", new Texts("Увлажняющая сыворотка для лица с гиалуроновой кислотой",
                    "Глубокое увлажнение для всех типов кожи, 30 мл",
                    List.of("Увлажнение 72 часа", "Подходит для чувствительной кожи"), "НОВИНКА"),
            "oneword", new Texts("Supercalifragilisticexpialidociousnessproductname", null, List.of("Ok"), null));

    static final int[][] SIZES = {{1200, 1600}, {1200, 1200}, {1080, 1920}, {600, 800}, {2000, 2000}};
    static final double[] ASPECTS = {0.42, 1.0, 2.14};

    private Fixtures() {}

    static Design design(String template, String arrangement, Texts texts) {
        Palette p = new Palette("#F4F1EA", "#E5DFD1", "#C0392B", "#1E1A14", "#4F463A", "#C0392B", "#FFFFFF");
        return new Design(1, template, "3:4", 7, arrangement, p, texts);
    }
}
