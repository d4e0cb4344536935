/**
 * The card's language: which locale a generation speaks ({@link dev.cardgen.render.words.CardLocale}) and the words
 * the service fills in for it ({@link dev.cardgen.render.words.Words}, from {@code words/<tag>.properties}).
 */
package dev.cardgen.render.words;
