/**
 * The subject stage: the product's mask and box in a photo, and whether one was found at all
 * ({@link dev.cardgen.render.subject.SubjectExtractor}), its steps composed in one place
 * ({@link dev.cardgen.render.subject.Pipeline}). Sub-packages by concern: {@code grid} (the working
 * grid, colour), {@code backdrop} (plain, blurred, textured: each kind's proposal and rules),
 * {@code mask} (the mask type, morphology, holes), {@code edge} (refinement, soft edge, guided filter),
 * {@code judge} (score, honesty, verdict), {@code model} (u2netp and its rules), {@code cut} (graph cut,
 * GMM, GrabCut), {@code hint} (the seller's box and points). Runs once per upload; takes plain
 * {@link dev.cardgen.render.subject.SubjectOptions} and imports nothing else of the service or the engine.
 */
package dev.cardgen.render.subject;
