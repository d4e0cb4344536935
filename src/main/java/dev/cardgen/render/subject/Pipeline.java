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
import java.awt.image.DataBufferByte;

/**
 * The subject stage and the one place its steps are composed, on a grid of at most {@value #WORK_SIDE} px:
 * classify the backdrop → propose a mask → clean up → refine the edge → judge (decline or accept) → where
 * declined, the model's own answer → defocused objects taken in leave it ({@link DefocusedPieces}) → soft
 * edge. The backdrop ({@link Backdrop}: plain, blurred, textured) owns steps 2-5; the model's answer
 * ({@link ModelCut#answer}) and the defocused pieces are the same on every backdrop.
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
            ModelCut.Proposal p = ModelCut.propose(g, opinion.map(), opinion.model(), false, backdrop.guidedEdge());
            Verdict answer = ModelCut.answer(p);
            verdict = answer != null ? answer : Verdict.decline(d.confidence(), p != null && p.cut() != null);
        }
        verdict = withoutDefocusedPieces(g, verdict); // on every path: the model's map marks defocused objects too
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

    /** The accepted mask or cut-out without the defocused objects it took in ({@link DefocusedPieces}). */
    private static Verdict withoutDefocusedPieces(Grid g, Verdict verdict) {
        if (verdict instanceof Verdict.Accept a) {
            Mask kept = DefocusedPieces.drop(g, a.mask());
            return kept == a.mask() ? a : new Verdict.Accept(kept, a.score(), a.threshold(), a.confidence());
        }
        if (verdict instanceof Verdict.CutOut c) {
            Subject s = c.subject();
            int w = g.width, f = g.f;
            byte[] m = ((DataBufferByte) s.mask().getRaster().getDataBuffer()).getData();
            Mask before = ModelCut.onGrid(s, g.sw, g.sh, f);
            Mask kept = DefocusedPieces.drop(g, before);
            if (kept == before) {
                return c;
            }
            // the dropped cells and their soft rim, short of the cells kept
            boolean[] gone = g.mask(diff(before.bits(), kept.bits())).dilate(1).bits();
            byte[] out = m.clone();
            for (int y = 0; y < g.height; y++) {
                int cy = Math.min(g.sh - 1, y / f);
                for (int x = 0; x < w; x++) {
                    int i = cy * g.sw + Math.min(g.sw - 1, x / f);
                    if (gone[i] && !kept.get(i)) out[y * w + x] = 0;
                }
            }
            Subject cut = Subject.of(out, w, g.height, s.confidence());
            return cut.detected() ? new Verdict.CutOut(cut) : new Verdict.Decline(s.confidence());
        }
        return verdict;
    }

    private static boolean[] diff(boolean[] a, boolean[] b) {
        boolean[] d = new boolean[a.length];
        for (int i = 0; i < d.length; i++) d[i] = a[i] && !b[i];
        return d;
    }
}
