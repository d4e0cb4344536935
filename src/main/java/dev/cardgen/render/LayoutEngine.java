package dev.cardgen.render;

import java.util.List;

/**
 * The "layout" stage: places product and texts for one canvas size. Everything is measured in
 * fractions of the shorter side, so a design looks the same at any resolution, and recomputed
 * per ratio (arrangements that do not suit a tall or a wide canvas fall back to a stacked one).
 */
public final class LayoutEngine {
    public static final String TEXT_TOP = "text-top", TEXT_BOTTOM = "text-bottom", SPLIT = "split";
    public static final String FACTS_RIGHT = "facts-right", FACTS_LEFT = "facts-left", FACTS_BELOW = "facts-below";

    static final double MARGIN = 0.06;

    private LayoutEngine() {}

    public static Layout layout(Design design, double productAspect, int width, int height) {
        if (width <= 0 || height <= 0) throw new IllegalArgumentException("canvas must be positive");
        double aspect = productAspect > 0 && Double.isFinite(productAspect) ? productAspect : 1;
        String template = Templates.normalise(design.template());
        Texts texts = design.texts() == null ? new Texts(null, null, null, null) : design.texts();
        double s = Math.min(width, height);
        int m = (int) Math.round(MARGIN * s);
        Box safe = new Box(m, m, width - 2 * m, height - 2 * m);
        String arr = effectiveArrangement(template, design.arrangement(), aspect, width, height);
        TypeScale type = TypeScale.of(template);
        int gap = (int) Math.round(0.045 * s);
        return switch (arr) {
            case SPLIT -> split(texts, type, s, safe, gap, aspect, width, height, arr);
            case FACTS_LEFT, FACTS_RIGHT -> factsBeside(texts, type, s, safe, gap, aspect, width, height, arr);
            default -> stacked(texts, type, s, safe, gap, aspect, width, height, arr, template);
        };
    }

    /** Side-by-side needs room: on tall canvases or with wide products it becomes a stack. */
    static String effectiveArrangement(String template, String arr, double aspect, int w, int h) {
        boolean infographic = Templates.INFOGRAPHIC.equals(template);
        String a = arr == null ? "" : arr;
        if (infographic) {
            if (!a.equals(FACTS_LEFT) && !a.equals(FACTS_RIGHT) && !a.equals(FACTS_BELOW)) a = FACTS_RIGHT;
            return a;
        }
        if (!a.equals(TEXT_TOP) && !a.equals(TEXT_BOTTOM) && !a.equals(SPLIT)) a = TEXT_TOP;
        if (a.equals(SPLIT) && ((double) h / w > 1.45 || aspect > 1.25)) a = TEXT_TOP;
        return a;
    }

    private static Layout stacked(Texts texts, TypeScale type, double s, Box safe, int gap, double aspect,
                                  int width, int height, String arr, String template) {
        boolean infographic = Templates.INFOGRAPHIC.equals(template);
        boolean top = !arr.equals(TEXT_BOTTOM);
        boolean centered = !Templates.BOLD.equals(template) && !infographic;
        // facts-below: title group on top, facts grid under the product.
        Texts head = infographic ? new Texts(texts.title(), texts.subtitle(), List.of(), texts.badge()) : texts;
        boolean badgeInStack = top;
        double share = texts.facts().isEmpty() || infographic ? 0.38 : 0.5;
        TextStack st = TextStack.build(head, type, s, safe.w(), (int) (safe.h() * share), infographic, 1,
                badgeInStack);
        FactList fl = null;
        if (infographic && !texts.facts().isEmpty()) {
            fl = FactList.fit(texts.facts(), type.factFace(), s, safe.w(), (int) (safe.h() * 0.3), true,
                    safe.w() > 0.9 * s ? 2 : 1);
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
            }
        }
        List<Box> factBoxes = st.facts;
        List<FittedText> factTexts = st.factTexts;
        int indent = st.factIndent;
        if (fl != null && !fl.boxes().isEmpty()) {
            int fy = safe.bottom() - fl.height();
            factBoxes = fl.boxes().stream().map(b -> new Box(b.x() + safe.x(), b.y() + fy, b.w(), b.h())).toList();
            factTexts = fl.texts();
            indent = fl.indent();
            regionBottom = Math.min(regionBottom, fy - gap);
        }
        Box region = new Box(safe.x(), regionTop, safe.w(), regionBottom - regionTop);
        Box product = ProductPlacer.place(region, aspect, s, badge);
        return new Layout(width, height, safe, product, st.title, st.subtitle, factBoxes, top ? st.badge : badge,
                st.titleText, st.subtitleText, factTexts, top ? st.badgeText : badgeText, indent, centered, arr);
    }

    private static Layout split(Texts texts, TypeScale type, double s, Box safe, int gap, double aspect,
                                int width, int height, String arr) {
        int colW = (int) Math.round(safe.w() * 0.47);
        TextStack st = TextStack.build(texts, type, s, colW, safe.h(), false, 1, true);
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
        TextStack st = TextStack.build(head, type, s, safe.w(), (int) (safe.h() * 0.34), true, 1, true);
        st.at(safe.x(), safe.y());
        int top = st.height > 0 ? safe.y() + st.height + gap : safe.y();
        Box body = new Box(safe.x(), top, safe.w(), safe.bottom() - top);
        int colW = (int) Math.round(body.w() * 0.5);
        FactList fl = texts.facts().isEmpty() ? null
                : FactList.fit(texts.facts(), type.factFace(), s, colW, body.h(), true, 1);
        Box region = body;
        List<Box> factBoxes = List.of();
        if (fl != null && !fl.boxes().isEmpty()) {
            boolean right = arr.equals(FACTS_RIGHT);
            int fx = right ? body.right() - colW : body.x();
            int fy = body.y() + (body.h() - fl.height()) / 2;
            factBoxes = fl.boxes().stream().map(b -> new Box(b.x() + fx, b.y() + fy, b.w(), b.h())).toList();
            int pw = body.w() - colW - gap;
            region = new Box(right ? body.x() : body.right() - pw, body.y(), pw, body.h());
        }
        Box product = ProductPlacer.place(region, aspect, s, null);
        return new Layout(width, height, safe, product, st.title, st.subtitle, factBoxes, st.badge, st.titleText,
                st.subtitleText, fl == null ? List.of() : fl.texts(), st.badgeText, fl == null ? 0 : fl.indent(),
                false, arr);
    }
}
