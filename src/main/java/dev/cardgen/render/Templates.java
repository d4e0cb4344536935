package dev.cardgen.render;

import java.util.List;
import java.util.Optional;

/** The catalogue of card templates: their ids, and the one registration of each {@link CardTemplate}. */
public final class Templates {
    public static final String STUDIO = "studio";
    public static final String BOLD = "bold";
    public static final String GRADIENT = "gradient";
    public static final String INFOGRAPHIC = "infographic";
    public static final String WHITE = "white";
    public static final String DEFAULT_ID = STUDIO;

    /** Every template, in the order the API lists them; a new template is registered here. */
    private static final List<CardTemplate> TEMPLATES = List.of(
            new StudioTemplate(), new BoldTemplate(), new GradientTemplate(), new InfographicTemplate(), new WhiteTemplate());
    private static final List<TemplateInfo> ALL = TEMPLATES.stream().map(CardTemplate::info).toList();

    private Templates() {}

    public static List<TemplateInfo> all() { return ALL; }

    public static Optional<TemplateInfo> find(String id) {
        return template(id).map(CardTemplate::info);
    }

    /** The template of {@code id}; unknown ids fall back to the default so an old stored design still renders. */
    public static CardTemplate of(String id) {
        return template(id).orElse(TEMPLATES.get(0));
    }

    private static Optional<CardTemplate> template(String id) {
        if (id == null) return Optional.empty();
        return TEMPLATES.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /** Unknown ids fall back to the default so an old stored design still renders. */
    static String normalise(String id) {
        return of(id).id();
    }
}
