package dev.cardgen.render.subject.backdrop;

import dev.cardgen.render.subject.grid.Grid;
import dev.cardgen.render.subject.judge.Honesty;
import dev.cardgen.render.subject.judge.Judgement;
import dev.cardgen.render.subject.judge.Verdict;
import dev.cardgen.render.subject.mask.Holes;
import dev.cardgen.render.subject.mask.Mask;
import dev.cardgen.render.subject.model.Agreement;
import dev.cardgen.render.subject.model.Opinion;

/**
 * A defocused backdrop (portrait mode): it holds no sharp step, the product's outline is one all round,
 * so the product is what the sharp steps enclose ({@link Defocus}). Colour models are not used: a
 * blurred room changes colour across the frame. The model keeps, replaces or declines the cues' mask
 * ({@link Agreement}); the outline is then moved onto the steps' crest.
 */
public final class Blurred implements Backdrop {

    private final Grid g;
    private final float[] grad;
    private final Mask step;
    private final int r;
    /** What the steps enclosed, before the clean-up: the score the cues' mask is judged on. */
    private Mask proposed;

    Blurred(Grid g, float[] grad, float sharpness) {
        this.g = g;
        this.grad = grad;
        this.step = Defocus.steps(grad, sharpness, g.sw, g.sh);
        this.r = Backdrop.radius(g);
    }

    @Override
    public Mask propose() {
        proposed = Defocus.enclosed(step, r).open(r);
        return proposed;
    }

    @Override
    public Mask cleanUp(Mask proposal) {
        // the mask is already what the outline encloses: every hole is filled (the model may open some)
        return Holes.fill(proposal, g.cells()).keepMain(Backdrop.minPiece(g));
    }

    @Override
    public Verdict judge(Mask fg, Opinion opinion) {
        boolean stray = Honesty.strayStepsOutside(fg, step, 2 * r) || Honesty.strayOutline(fg, step, 2 * r);
        Judgement j = Judgement.of(fg, proposed.score(), 1, false, stray);
        boolean declined = j.declined(), doubtful = j.doubtful();
        double confidence = j.confidence();
        float[] saliency = opinion == null ? null : opinion.map();
        Mask learned = null;
        if (saliency != null) { // null: the engine failed on this photo, and the cues decide alone
            learned = Agreement.mask(saliency, g.sw, g.sh).keepMain(Backdrop.minPiece(g));
            boolean agree = !declined && Agreement.agree(fg, learned);
            // where the cues declined or disagree, a model mask on the photo's sharp steps is an object in focus
            if (!agree && Agreement.backedBySteps(learned, step, 2 * r)) {
                return new Verdict.Accept(learned, learned.score(), 1,
                        declined ? Judgement.OFF_PLAIN_CONFIDENCE : confidence);
            }
            if (!agree && !declined) {
                declined = doubtful = true; // the two disagree: as doubtful as a mask the honesty checks refuse
            }
        }
        if (declined) {
            return Verdict.decline(confidence, doubtful);
        }
        // judged as enclosed, walls included: cut out along the steps' crest
        Mask cut = Defocus.toCrest(fg, step, grad);
        if (learned != null) {
            // a handle's hole is enclosed too; where the model sees through it, and it is blurred, open it
            cut = Agreement.openHoles(cut, learned, step, Backdrop.minHole(g));
        }
        return new Verdict.Accept(cut, cut.score(), 1, confidence);
    }

    @Override
    public boolean guidedEdge() {
        return true;
    }
}
