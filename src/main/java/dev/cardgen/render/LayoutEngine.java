package dev.cardgen.render;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.Texts;

import java.util.List;

/**
 * The "layout" stage: places product and texts for one canvas size. Everything is measured in
 * fractions of the shorter side, so a design looks the same at any resolution, and recomputed
 * per ratio (arrangements that do not suit a tall or a wide canvas fall back to a stacked one).
 */
public final class LayoutEngine {
    public static final String TEXT_TOP = "text-top", TEXT_BOTTOM = "text-bottom", SPLIT = "split";
    /** Only produced as the fallback of SPLIT; never stored in a design. */
    static final String TEXT_TOP_ALT = "text-top-alt";
    public static final String FACTS_RIGHT = "facts-right", FACTS_LEFT = "facts-left", FACTS_BELOW = "facts-below";

    static final double MARGIN = 0.06;
    /** The product spans at least this much of the safe area along its limiting side, whatever the texts. */
    static final double MIN_PRODUCT_SPAN = 0.4;
    private static final double[] STACK_SHARES_WITH_FACTS = {0.5, 0.6, 0.7, 0.8}, STACK_SHARES = {0.36, 0.5, 0.65, 0.8};

    private LayoutEngine() {}

    public static Layout layout(Design design, double productAspect, int width, int height) {
        if (width <= 0 || height <= 0) throw new IllegalArgumentException("canvas must be positive");
        double aspect = productAspect > 0 && Double.isFinite(productAspect) ? productAspect : 1;
        return FontSet.inRegion(design.hanRegion(), () -> Templates.of(design.template()).layout(design, aspect, width, height));
    }

    /** The layout of a template that does not place its card itself: product and texts by arrangement. */
    static Layout arranged(CardTemplate template, Design design, double aspect, int width, int height) {
        Texts texts = design.texts() == null ? new Texts(null, null, null, null) : design.texts();
        double s = Math.min(width, height);
        int m = (int) Math.round(MARGIN * s);
        Box safe = new Box(m, m, width - 2 * m, height - 2 * m);
        Layout l = arrange(design.arrangement(), texts, template, s, safe, aspect, width, height);
        if (productSpan(l) >= MIN_PRODUCT_SPAN) return l;
        // Long texts can squeeze the product under its floor in one arrangement and not in another
        // (a thin bottle beside its facts instead of above them): the template's other arrangements
        // are tried, and the one that leaves the product most room wins.
        for (String other : template.arrangements()) {
            if (other.equals(design.arrangement())) continue;
            Layout candidate = arrange(other, texts, template, s, safe, aspect, width, height);
            if (productSpan(candidate) > productSpan(l)) l = candidate;
            if (productSpan(l) >= MIN_PRODUCT_SPAN) break;
        }
        return l;
    }

    /** How much of the safe area the product spans along its limiting side. */
    static double productSpan(Layout l) {
        Box p = l.product();
        return p == null ? 0 : Math.max((double) p.w() / l.safeArea().w(), (double) p.h() / l.safeArea().h());
    }

    private static Layout arrange(String requested, Texts texts, CardTemplate template, double s, Box safe, double aspect,
                                  int width, int height) {
        String arr = effectiveArrangement(template, requested, aspect, width, height);
        TypeScale type = template.typeScale();
        int gap = (int) Math.round(0.045 * s);
        Layout l = switch (arr) {
            case SPLIT -> split(texts, type, s, safe, gap, aspect, width, height, arr);
            case FACTS_LEFT, FACTS_RIGHT -> factsBeside(texts, type, s, safe, gap, aspect, width, height, arr);
            default -> stacked(texts, type, s, safe, gap, aspect, width, height, arr, template);
        };
        if (textFits(l)) return l;
        // Long texts do not fit beside the product or in a column: one full-width stack always has
        // the most room, and it may take up to most of the card before any type goes below the floor.
        String stackArr = arr.equals(TEXT_BOTTOM) ? TEXT_BOTTOM : TEXT_TOP;
        return stacked(texts, type, s, safe, gap, aspect, width, height, stackArr, template, true);
    }

    /** Every text box inside the safe area and clear of every other box. */
    static boolean textFits(Layout l) {
        List<Box> text = new java.util.ArrayList<>(l.facts());
        for (Box b : new Box[] {l.title(), l.subtitle(), l.badge()}) if (b != null) text.add(b);
        for (int i = 0; i < text.size(); i++) {
            Box b = text.get(i);
            if (!b.inside(l.safeArea()) || b.intersects(l.product())) return false;
            for (int j = i + 1; j < text.size(); j++) if (b.intersects(text.get(j))) return false;
        }
        return true;
    }

    /** Side-by-side needs room: on tall canvases or with wide products it becomes a stack. */
    static String effectiveArrangement(CardTemplate template, String arr, double aspect, int w, int h) {
        String a = arr == null ? "" : arr;
        if (template.has(CardTemplate.Trait.CALLOUTS)) {
            if (!a.equals(FACTS_LEFT) && !a.equals(FACTS_RIGHT) && !a.equals(FACTS_BELOW)) a = FACTS_RIGHT;
            // On a square canvas a fact grid under the product leaves it small unless the product is wide.
            if (a.equals(FACTS_BELOW) && (double) h / w < 1.2 && aspect <= 1.3) a = FACTS_LEFT;
            return a;
        }
        if (!a.equals(TEXT_TOP) && !a.equals(TEXT_BOTTOM) && !a.equals(SPLIT)) a = TEXT_TOP;
        // Split needs width: elsewhere it becomes a stack with the other text alignment, so it still differs from text-top.
        if (a.equals(SPLIT) && ((double) h / w > 1.45 || aspect > 0.9)) a = TEXT_TOP_ALT;
        return a;
    }

    private static Layout stacked(Texts texts, TypeScale type, double s, Box safe, int gap, double aspect,
                                  int width, int height, String arr, CardTemplate template) {
        boolean infographic = template.has(CardTemplate.Trait.CALLOUTS);
        boolean tall = (double) height / width > 1.45;
        if (infographic || texts.facts().isEmpty() || tall) {
            return stacked(texts, type, s, safe, gap, aspect, width, height, arr, template, !infographic);
        }
        // Facts either stack under the title or sit beside the product: keep whichever leaves the
        // product bigger (a tall bottle likes facts beside it, a wide shoe under the title).
        Layout inStack = stacked(texts, type, s, safe, gap, aspect, width, height, arr, template, true);
        Layout beside = stacked(texts, type, s, safe, gap, aspect, width, height, arr, template, false);
        return area(beside.product()) > area(inStack.product()) * 1.1 ? beside : inStack;
    }

    private static long area(Box b) { return b == null ? 0 : (long) b.w() * b.h(); }

    private static Layout stacked(Texts texts, TypeScale type, double s, Box safe, int gap, double aspect,
                                  int width, int height, String arr, CardTemplate template, boolean factsInStack) {
        boolean infographic = template.has(CardTemplate.Trait.CALLOUTS);
        boolean top = !arr.equals(TEXT_BOTTOM);
        boolean centered = !template.has(CardTemplate.Trait.LEFT_ALIGNED) ^ arr.equals(TEXT_TOP_ALT);
        Texts head = factsInStack ? texts : new Texts(texts.title(), texts.subtitle(), List.of(), texts.badge());
        TextStack st = null;
        // The text's share of the height grows only when long texts need it; the product takes the rest.
        for (double share : factsInStack && !texts.facts().isEmpty() ? STACK_SHARES_WITH_FACTS : STACK_SHARES) {
            st = TextStack.build(head, type, s, safe.w(), (int) (safe.h() * share), infographic, 1, top, centered);
            if (st.height <= safe.h() * share) break;
        }
        Box badge = null;
        FittedText badgeText = st.badgeText;
        int regionTop = safe.y(), regionBottom = safe.bottom();
        if (top) {
            st.at(safe.x(), safe.y());
            if (st.height > 0) regionTop = safe.y() + st.height + gap;
        } else {
            st.at(safe.x(), safe.bottom() - st.height);
            if (st.height > 0) regionBottom = safe.bottom() - st.height - gap;
            if (Texts.present(texts.badge())) {
                badgeText = TextStack.badgeText(texts.badge(), s, safe.w());
                badge = TextStack.badgeBox(badgeText, safe.x(), safe.y(), s);
                regionTop = badge.bottom() + gap / 2;
            }
        }
        Box region = new Box(safe.x(), regionTop, safe.w(), regionBottom - regionTop);
        List<Box> factBoxes = st.facts;
        List<FittedText> factTexts = st.factTexts;
        int indent = st.factIndent;
        Box product;
        if (!factsInStack && !texts.facts().isEmpty()) {
            Body b = infographic ? factsUnder(texts, type, s, region, gap, aspect)
                    : factsBeside(texts, type, s, region, gap, aspect, false, false);
            product = b.product;
            factBoxes = b.facts;
            factTexts = b.texts;
            indent = b.indent;
        } else {
            product = ProductPlacer.place(region, aspect, s, null);
            // A wide product leaves the region half empty: pull text and product together and
            // centre the group, so the whitespace is shared above and below instead of in the middle.
            int spare = product == null || st.height == 0 ? 0
                    : product.y() - region.y() - (int) Math.round(0.02 * s);
            if (spare > 0) {
                int half = spare / 2;
                int textShift = top ? half : -half;
                int productShift = top ? -half : half;
                st.at(0, textShift);
                product = new Box(product.x(), product.y() + productShift, product.w(), product.h());
                factBoxes = st.facts;
            }
        }
        return new Layout(width, height, safe, product, st.title, st.subtitle, factBoxes, top ? st.badge : badge,
                st.titleText, st.subtitleText, factTexts, top ? st.badgeText : badgeText, indent, centered, arr);
    }

    private static Layout split(Texts texts, TypeScale type, double s, Box safe, int gap, double aspect,
                                int width, int height, String arr) {
        int colW = (int) Math.round(safe.w() * 0.47);
        TextStack st = TextStack.build(texts, type, s, colW, safe.h(), false, 1, true, false);
        st.at(safe.x(), safe.y() + (safe.h() - st.height) / 2);
        int px = st.height > 0 ? safe.x() + colW + gap : safe.x();
        Box region = new Box(px, safe.y(), safe.right() - px, safe.h());
        Box product = ProductPlacer.place(region, aspect, s, null);
        return new Layout(width, height, safe, product, st.title, st.subtitle, st.facts, st.badge, st.titleText,
                st.subtitleText, st.factTexts, st.badgeText, st.factIndent, false, arr);
    }

    /** Infographic: title group across the top, product and fact callouts side by side below. */
    private static Layout factsBeside(Texts texts, TypeScale type, double s, Box safe, int gap, double aspect,
                                      int width, int height, String arr) {
        Texts head = new Texts(texts.title(), texts.subtitle(), List.of(), texts.badge());
        TextStack st = TextStack.build(head, type, s, safe.w(), (int) (safe.h() * 0.34), true, 1, true, false);
        st.at(safe.x(), safe.y());
        int top = st.height > 0 ? safe.y() + st.height + gap : safe.y();
        Box body = new Box(safe.x(), top, safe.w(), safe.bottom() - top);
        // A wide or square product squeezed into half the width would be tiny: facts go under it instead.
        Body b = factsBeside(texts, type, s, body, gap, aspect, true, arr.equals(FACTS_RIGHT));
        if (!b.facts.isEmpty() && aspect > 0.75) {
            Body under = factsUnder(texts, type, s, body, gap, aspect);
            if (under.facts.size() == b.facts.size() && area(under.product) > area(b.product) * 1.3) b = under;
        }
        Box product = b.product;
        if (b.facts.isEmpty() && product != null && st.height > 0) {
            // No callouts: keep title and product together, as the stacked layouts do.
            int half = (product.y() - body.y() - (int) Math.round(0.02 * s)) / 2;
            if (half > 0) {
                st.at(0, half);
                product = new Box(product.x(), product.y() - half, product.w(), product.h());
            }
        }
        return new Layout(width, height, safe, product, st.title, st.subtitle, b.facts, st.badge, st.titleText,
                st.subtitleText, b.texts, st.badgeText, b.indent, false, arr);
    }

    /** Product region and facts sharing a body box; facts empty when none fit. */
    private record Body(Box product, List<Box> facts, List<FittedText> texts, int indent) {}

    /** Facts in a column beside the product, vertically centred on it. */
    private static Body factsBeside(Texts texts, TypeScale type, double s, Box body, int gap, double aspect,
                                    boolean icons, boolean right) {
        int colW = (int) Math.round(body.w() * (icons ? 0.5 : 0.44));
        FactList fl = texts.facts().isEmpty() ? null
                : FactList.fit(texts.facts(), type.factFace(), s, colW, body.h(), icons, 1);
        if (fl == null || fl.boxes().isEmpty()) {
            return new Body(ProductPlacer.place(body, aspect, s, null), List.of(), List.of(), 0);
        }
        // Short facts need less than the column: give the product what they leave.
        int used = fl.indent();
        for (FittedText t : fl.texts()) used = Math.max(used, fl.indent() + t.maxWidth());
        colW = Math.min(colW, Math.max(used, (int) Math.round(body.w() * 0.3)));
        int cw = colW;
        int fx = right ? body.right() - colW : body.x();
        int fy = body.y() + (body.h() - fl.height()) / 2;
        List<Box> boxes = fl.boxes().stream().map(b -> new Box(b.x() + fx, b.y() + fy, cw, b.h())).toList();
        int pw = body.w() - colW - gap;
        Box region = new Box(right ? body.x() : body.right() - pw, body.y(), pw, body.h());
        return new Body(ProductPlacer.place(region, aspect, s, null), boxes, fl.texts(), fl.indent());
    }

    /** Facts as a grid under the product (infographic facts-below). */
    private static Body factsUnder(Texts texts, TypeScale type, double s, Box body, int gap, double aspect) {
        if (texts.facts().isEmpty()) return new Body(ProductPlacer.place(body, aspect, s, null), List.of(), List.of(), 0);
        int cols = texts.facts().size() >= 3 && body.w() > 0.6 * s ? 2 : 1;
        FactList fl = FactList.fit(texts.facts(), type.factFace(), s, body.w(), (int) (body.h() * 0.45), true, cols);
        if (fl.boxes().isEmpty()) return new Body(ProductPlacer.place(body, aspect, s, null), List.of(), List.of(), 0);
        int fy = body.bottom() - fl.height();
        List<Box> boxes = fl.boxes().stream().map(b -> new Box(b.x() + body.x(), b.y() + fy, b.w(), b.h())).toList();
        Box region = new Box(body.x(), body.y(), body.w(), fy - gap - body.y());
        return new Body(ProductPlacer.place(region, aspect, s, null), boxes, fl.texts(), fl.indent());
    }

    /** The arrangements the template of {@code templateId} cycles through, in order. */
    static List<String> arrangements(String templateId) {
        return Templates.of(templateId).arrangements();
    }
}
