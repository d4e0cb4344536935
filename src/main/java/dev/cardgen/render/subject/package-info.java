/**
 * The subject stage: the product's mask and box in a photo, and whether one was found at all
 * ({@link dev.cardgen.render.subject.SubjectExtractor}). Runs once per upload; imports nothing
 * else of the service or of the render engine.
 */
package dev.cardgen.render.subject;

