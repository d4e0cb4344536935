package dev.cardgen.render.subject;

import dev.cardgen.render.subject.backdrop.Backdrop;
import dev.cardgen.render.subject.edge.SoftEdge;
import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.model.ModelCut;
import dev.cardgen.render.subject.model.Opinion;
import dev.cardgen.render.subject.model.SaliencyModel;
import java.awt.image.BufferedImage;

/**
 * The subject stage and the one place its steps are composed, on a grid of at most {@value #WORK_SIDE} px:
 * classify the backdrop → propose a mask → clean up → refine the edge → judge (decline or accept) → where
 * declined, the model's own answer → soft edge. The backdrop ({@link Backdrop}: plain, blurred, textured)
 * owns steps 2-5; the model's answer ({@link ModelCut#answer}) is the same on every backdrop.
 */
final class Pipeline {

    /** The grid's longer side: the stage at 31-47 ms on a 1600 px sweep; the guided filter restores the edge. */
    static final int WORK_SIDE = 640;

    private Pipeline() {
    }

    /** The product of {@code photo}; {@code model} null: the cues alone. */
    static Subject run(BufferedImage photo, SaliencyModel model) {
        int w = photo.getWidth(), h = photo.getHeight();
        Grid g = Grid.of(photo, WORK_SIDE);
        if (g == null) {
            return Subject.fullFrame(w, h, 0);
        }
        Backdrop backdrop = Backdrop.classify(g);
        Opinion opinion = Opinion.of(model, g);
        if (opinion != null) {
            opinion.start(); // the model runs on its own thread beside steps 2-4
        }
        Mask mask = backdrop.propose();
        mask = backdrop.cleanUp(mask);
        mask = backdrop.refine(mask);
        Verdict verdict = backdrop.judge(mask, opinion);
        if (verdict instanceof Verdict.Decline d && opinion != null && opinion.map() != null) {
            // the backdrop's rules report no product: the model's own answer, where its map was calm
            ModelCut.Proposal p = ModelCut.propose(g, opinion.map(), opinion.model(), false);
            Verdict answer = ModelCut.answer(p);
            verdict = answer != null ? answer : Verdict.decline(d.confidence(), p != null && p.cut() != null);
        }
        if (verdict instanceof Verdict.Decline d) {
            return Subject.fullFrame(w, h, d.confidence());
        }
        if (verdict instanceof Verdict.CutOut c) {
            return c.subject();
        }
        Verdict.Accept a = (Verdict.Accept) verdict;
        byte[] m = SoftEdge.mask(g, a.mask(), a.score(), a.threshold(), backdrop.guidedEdge());
        return Subject.of(m, w, h, a.confidence());
    }
}
