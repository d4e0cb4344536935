package dev.cardgen.render;

import dev.cardgen.render.text.FontSet;

/** Font sizes and faces per template, as fractions of the canvas' shorter side so cards scale. */
record TypeScale(FontSet.Face titleFace, double titleMax, double titleMin, FontSet.Face factFace) {
    static final double SUBTITLE_MAX = 0.046, SUBTITLE_MIN = 0.028;
    static final double FACT_MAX = 0.038, FACT_MIN = 0.025;
    static final double BADGE = 0.030;
    static final int TITLE_LINES = 3, SUBTITLE_LINES = 3, FACT_LINES = 2;

    /** The type scale of the template of {@code templateId}. */
    static TypeScale of(String templateId) {
        return Templates.of(templateId).typeScale();
    }
}
