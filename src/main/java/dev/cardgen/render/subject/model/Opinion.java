package dev.cardgen.render.subject.model;

import dev.cardgen.render.subject.grid.Grid;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * The model's map of one grid. A backdrop whose judge always weighs it asks for it as soon as it is known
 * ({@link #start}), so that the network runs on its own thread beside the cues' steps; a judge that needs
 * it only now and then asks when it does ({@link #map}).
 */
public final class Opinion {

    private final SaliencyModel model;
    private final Grid g;
    private Future<float[]> map;

    private Opinion(SaliencyModel model, Grid g) {
        this.model = model;
        this.g = g;
    }

    /** The opinion of {@code model} on {@code g}, not yet asked; null when there is no model (the cues decide alone). */
    public static Opinion of(SaliencyModel model, Grid g) {
        return model == null ? null : new Opinion(model, g);
    }

    /** Asks now, without waiting for the answer. */
    public Opinion start() {
        if (map == null) {
            map = model.saliencyLater(g.small, g.sw, g.sh);
        }
        return this;
    }

    public SaliencyModel model() {
        return model;
    }

    /** The map (asked now if it was not, then waited for), or null when the engine failed or the wait was interrupted. */
    public float[] map() {
        try {
            return start().map.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
