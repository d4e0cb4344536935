package dev.cardgen.render;

import dev.cardgen.render.text.Texts;

/**
 * A variant as stored: everything needed to paint it again at any size and ratio.
 * {@code ratio} is the ratio it was designed for; a render at another size is laid out afresh.
 */
public record Design(int version, String template, String ratio, long seed, String arrangement, Palette palette,
                     Texts texts) {
    public static final int CURRENT_VERSION = 1;
}
