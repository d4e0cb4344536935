package dev.cardgen.render;

import java.util.List;
import java.util.Optional;

/** The catalogue of card templates; painters and layouts key off these ids. */
public final class Templates {
    public static final String STUDIO = "studio";
    public static final String BOLD = "bold";
    public static final String GRADIENT = "gradient";
    public static final String INFOGRAPHIC = "infographic";
    public static final String WHITE = "white";
    public static final String DEFAULT_ID = STUDIO;

    private static final List<TemplateInfo> ALL = List.of(
            new TemplateInfo(STUDIO, "Studio",
                    "Clean studio backdrop in a light tint of the product's colour, soft floor and contact shadow."),
            new TemplateInfo(BOLD, "Bold",
                    "Saturated colour block with heavy, large type and a colour disc behind the product."),
            new TemplateInfo(GRADIENT, "Gradient",
                    "Diagonal gradient from the product's hues with soft floating shapes."),
            new TemplateInfo(INFOGRAPHIC, "Infographic",
                    "Product beside its key facts, each fact a callout with a small drawn icon."),
            new TemplateInfo(WHITE, "White",
                    "Marketplace main image: the product alone on pure #FFFFFF, filling at least 85% of the frame; "
                            + "no text, badge or shadow. Needs a detected subject."));

    private Templates() {}

    public static List<TemplateInfo> all() { return ALL; }

    public static Optional<TemplateInfo> find(String id) {
        if (id == null) return Optional.empty();
        return ALL.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** Unknown ids fall back to the default so an old stored design still renders. */
    static String normalise(String id) {
        return find(id).map(TemplateInfo::id).orElse(DEFAULT_ID);
    }
}
