/**
 * The render engine: from a product cut-out and texts to card pixels, with nothing of the service
 * (no HTTP, database or storage). The scene stage ({@link dev.cardgen.render.Scene}) picks each
 * variant's arrangement and palette, {@link dev.cardgen.render.LayoutEngine} places the boxes and
 * {@link dev.cardgen.render.CardRenderer} paints them. Isolating the product lives in
 * {@code render.subject}, fonts and fitting words into a box in {@code render.text}; neither
 * imports this package.
 */
package dev.cardgen.render;
