package dev.cardgen.jobs;

import org.jboss.logging.Logger;

import java.util.function.Supplier;

/**
 * Runs one step of the card engine inside a job. Whatever goes wrong in it, out of memory included,
 * comes from the design or the image and would happen again on a retry, so the job ends
 * {@code render_failed}. The step is wrapped rather than recognised afterwards by its stack frames:
 * the JVM throws often-repeated exceptions without any.
 */
public final class RenderStep {

    private static final Logger LOG = Logger.getLogger(RenderStep.class);

    private RenderStep() {
    }

    /**
     * @param refId   the generation or export, for the log
     * @param message the job's failure message, for the API
     */
    public static <T> T run(String refId, String message, Supplier<T> step) {
        try {
            return step.get();
        } catch (RuntimeException | Error e) {
            LOG.errorf(e, "Render failed for %s", refId);
            throw new JobFailure("render_failed", message);
        }
    }
}
