package dev.cardgen.export.checks;

import dev.cardgen.core.WireValue;

/**
 * The rules an export is checked against, in the order its {@code checks} list them. The first five
 * and the last apply to every rule set; the others only to a main-image rule set (the listing's first photo).
 */
public enum CheckRule implements WireValue {
    /** Width to height is exactly the preset's ratio. */
    RATIO(false),
    /** At least the rule set's minimum width and height. */
    SIZE(false),
    /** The file's format (by its bytes) is one the rule set allows. */
    FORMAT(false),
    /** The file is no larger than the rule set's limit. */
    FILE_SIZE(false),
    /** The file declares sRGB, or declares no colour space (read as sRGB). */
    SRGB(false),
    /** Every pixel of the card's outermost row and column is #FFFFFF. */
    WHITE_BORDER(true),
    /** The product's box covers at least the minimum share of the frame along its longer axis. */
    PRODUCT_FILL(true),
    /** The engine drew no text on the card. */
    NO_TEXT(true),
    /** The band along the frame's edge is pure white wherever the product is not: no shadow or backdrop reaches it. */
    NO_EDGE_SHADOW(true),
    /** The product is not enlarged beyond {@link #MAX_UPSCALE} of its source pixels (every rule set). */
    PRODUCT_RESOLUTION(false);

    /** A product enlarged more than this looks soft at a marketplace's zoom; below it the difference is not seen. */
    public static final double MAX_UPSCALE = 1.25;

    private final boolean mainImageOnly;

    CheckRule(boolean mainImageOnly) {
        this.mainImageOnly = mainImageOnly;
    }

    public boolean appliesTo(RuleSet rules) {
        return !mainImageOnly || rules.mainImage();
    }
}
