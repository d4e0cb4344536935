package dev.cardgen.render;

import dev.cardgen.render.text.Texts;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * The scene stage (the stream's {@code scene}): turns a product cut-out and texts into N designs.
 * Each variant gets its own arrangement and palette scheme (cycled with different periods so
 * neighbours differ in both), chosen from the seed so the same call always returns the same designs.
 */
public final class Scene {
    private Scene() {}

    public static List<Design> designs(BufferedImage cutout, Texts filledTexts, String templateId, Ratio ratio,
                                       int count, long seed) {
        return designs(cutout, filledTexts, templateId, ratio, count, seed, null);
    }

    /** The designs of a card in {@code locale} (a supported tag; null: its texts decide the forms of Han). */
    public static List<Design> designs(BufferedImage cutout, Texts filledTexts, String templateId, Ratio ratio,
                                       int count, long seed, String locale) {
        if (count < 1) throw new IllegalArgumentException("count must be >= 1");
        CardTemplate template = Templates.of(templateId);
        Ratio r = ratio == null ? Ratio.R3_4 : ratio;
        Texts texts = filledTexts == null ? new Texts(null, null, null, null) : filledTexts;
        ProductColors colors = ProductColors.of(cutout);
        List<String> arrangements = template.arrangements();
        int arrOffset = (int) Math.floorMod(mix(seed), (long) arrangements.size());
        int schemeOffset = (int) Math.floorMod(mix(seed + 1), (long) PaletteBuilder.SCHEMES);
        List<Design> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String arrangement = arrangements.get((arrOffset + i) % arrangements.size());
            Palette palette = template.palette(colors, schemeOffset + i);
            out.add(new Design(Design.CURRENT_VERSION, template.id(), r.id(), mix(seed + 31L * (i + 1)), arrangement,
                    palette, texts, locale));
        }
        return out;
    }

    /** SplitMix64 finaliser: spreads nearby seeds so variant choices look independent. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
