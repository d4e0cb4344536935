package dev.cardgen.render.subject.model;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.hint.BoxCut;
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
    private Future<BoxCut.Prepared> cut;

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

    /**
     * Asks also, right after the map and on the model's thread, for what the model's own cut needs before
     * its colour models: the crop round the model's region and the model's saliency of it
     * ({@link ModelCut#prepare}). For a backdrop that cuts wherever the map is calm, whatever its cues find.
     */
    public Opinion prepareCut() {
        start();
        if (cut == null) {
            Future<float[]> asked = map;
            cut = model.later(() -> ModelCut.prepare(g, asked.get(), model));
        }
        return this;
    }

    /** The crop asked for by {@link #prepareCut}, or null where it was not asked, not made, or failed. */
    BoxCut.Prepared preparedCut() {
        if (cut == null) {
            return null;
        }
        try {
            return cut.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            return null; // the cut is made here as it would have been
        }
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
