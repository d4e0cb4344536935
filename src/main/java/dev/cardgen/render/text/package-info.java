/**
 * Type: the bundled fonts and their per-grapheme fallbacks ({@link dev.cardgen.render.text.FontSet}),
 * and fitting a text into a width and height by wrapping, hyphenating and choosing the size
 * ({@link dev.cardgen.render.text.TextFitter}). Where a text goes on a card is the layout's business,
 * in the render package; this package imports nothing of it.
 */
package dev.cardgen.render.text;
