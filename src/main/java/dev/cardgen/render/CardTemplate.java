package dev.cardgen.render;

import dev.cardgen.render.words.Words;

import java.awt.Color;
import java.awt.Graphics2D;
import java.util.List;
import java.util.Set;

/**
 * A card template: everything that makes its cards its own, in one place. The engine (layout,
 * palette, backdrop, shadows, text) asks the template instead of comparing ids. Adding a template
 * is one class that implements this plus its line in {@link Templates}.
 */
public sealed interface CardTemplate
        permits StudioTemplate, BoldTemplate, GradientTemplate, InfographicTemplate, WhiteTemplate {

    /** What a template is made of, as data; its backdrop is the one thing it paints itself. */
    record Look(TemplateInfo info, List<String> arrangements, List<PaletteBuilder.Scheme> schemes, TypeScale typeScale,
                Localised subtitle, Localised badge, Set<Trait> traits) {
    }

    /** A default text, as its key in the words of every locale ({@link Words}); a null key: none. */
    record Localised(String key) {
        static final Localised NONE = new Localised(null);

        String in(String locale) {
            return key == null ? null : Words.get(locale, key);
        }
    }

    /** How a template departs from the engine's usual card. */
    enum Trait {
        /** The product stands on a floor (a light drop shadow) instead of floating over the backdrop. */
        STANDING,
        /** Facts are callouts with icons (a column beside the product, or a grid under it), not a list. */
        CALLOUTS,
        /** Texts in a stack start at the left instead of being centred. */
        LEFT_ALIGNED,
        /** A loud palette: the accent's hue turned away from the backdrop's, the badge in the text's colour. */
        LOUD
    }

    Look look();

    /** Paints the backdrop behind product and texts, from the palette's two background colours. */
    void paintBackdrop(Graphics2D g, Layout layout, Color background, Color backgroundAlt, long seed);

    /** Its id, name and description as the API lists them. */
    default TemplateInfo info() {
        return look().info();
    }

    default String id() {
        return info().id();
    }

    /** The arrangements its variants cycle through, in order. */
    default List<String> arrangements() {
        return look().arrangements();
    }

    /** The backdrop schemes its palettes are made from ({@link PaletteBuilder#SCHEMES} of them). */
    default List<PaletteBuilder.Scheme> schemes() {
        return look().schemes();
    }

    default TypeScale typeScale() {
        return look().typeScale();
    }

    /** The subtitle put in when the seller gave none, in the card's locale; null for none. */
    default String defaultSubtitle(String locale) {
        return look().subtitle().in(locale);
    }

    /** The badge put in when the seller gave none, in the card's locale; null for none. */
    default String defaultBadge(String locale) {
        return look().badge().in(locale);
    }

    default boolean has(Trait trait) {
        return look().traits().contains(trait);
    }

    /** The palette of variant {@code scheme} for a product of {@code colors}. */
    default Palette palette(ProductColors colors, int scheme) {
        return PaletteBuilder.build(colors, this, scheme);
    }

    /** Places product and texts on a canvas. */
    default Layout layout(Design design, double aspect, int width, int height) {
        return LayoutEngine.arranged(this, design, aspect, width, height);
    }

    /** Paints the card: backdrop, shadows, product, then (with {@code withText}) the texts; says what it drew. */
    default CardRenderer.Drawn paint(Graphics2D g, Design design, Layout layout, ProductPixels product, boolean withText) {
        return CardRenderer.paintStandard(g, this, design, layout, product, withText);
    }

    /** Draws the seller's texts; a template that draws none accepts any text. */
    default boolean drawsText() {
        return true;
    }

    /** Needs a detected product: the whole photo is no card of it. */
    default boolean needsSubject() {
        return false;
    }
}
