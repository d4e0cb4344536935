package dev.cardgen.render.subject;

/**
 * How the subject stage runs, as plain values (the service reads them from its configuration).
 *
 * @param model whether the learned model gives its second opinion; false: the cues decide alone
 */
public record SubjectOptions(boolean model) {

    /** The model on: what the service runs unless told otherwise. */
    public static final SubjectOptions DEFAULT = new SubjectOptions(true);

    /**
     * For tools and tests run outside the service: the model off when the system property
     * {@code cardgen.subject.model} (or else {@code CARDGEN_SUBJECT_MODEL}) is {@code off}.
     */
    public static SubjectOptions fromSystemProperties() {
        String env = System.getenv("CARDGEN_SUBJECT_MODEL");
        return new SubjectOptions(!"off".equalsIgnoreCase(System.getProperty("cardgen.subject.model", env == null ? "on" : env)));
    }
}
