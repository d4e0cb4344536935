package dev.cardgen.render;

import java.util.List;

/** Texts printed on a card; null or blank means "absent" and leaves no hole in the layout. */
public record Texts(String title, String subtitle, List<String> facts, String badge) {
    public Texts {
        facts = facts == null ? List.of()
                : facts.stream().filter(f -> f != null && !f.isBlank()).map(String::strip).toList();
    }

    static boolean present(String s) { return s != null && !s.isBlank(); }
}
