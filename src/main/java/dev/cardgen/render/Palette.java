package dev.cardgen.render;

/** Card colours as "#RRGGBB"; PaletteBuilder guarantees WCAG AA contrast for every text pair. */
public record Palette(String background, String backgroundAlt, String accent, String text, String mutedText,
                      String badgeBackground, String badgeText) {}
