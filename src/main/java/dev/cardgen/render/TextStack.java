package dev.cardgen.render;

import dev.cardgen.render.text.FittedText;
import dev.cardgen.render.text.FontSet;
import dev.cardgen.render.text.TextFitter;
import dev.cardgen.render.text.Texts;

import java.util.ArrayList;
import java.util.List;

/**
 * Stacks badge, title, subtitle and facts top-down in one column, fitting each into what the
 * height budget leaves. Built at y = 0; the LayoutEngine moves it with {@link #at}.
 * Absent texts take no space, so the product gets it instead.
 */
final class TextStack {
    Box badge, title, subtitle;
    FittedText badgeText, titleText, subtitleText;
    final List<Box> facts = new ArrayList<>();
    final List<FittedText> factTexts = new ArrayList<>();
    int factIndent;
    int height;

    static TextStack build(Texts texts, TypeScale type, double s, int width, int budget, boolean icons,
                           int factColumns, boolean badgeInStack, boolean centered) {
        // Title and subtitle are fitted first into shares of the budget; if that leaves the facts
        // too little room, shrink their shares and try again (facts are never dropped).
        TextStack st = null;
        for (double squeeze = 1.0; squeeze >= 0.4; squeeze -= 0.2) {
            st = build(texts, type, s, width, budget, icons, factColumns, badgeInStack, centered, squeeze);
            if (st.height <= budget) break;
        }
        return st;
    }

    private static TextStack build(Texts texts, TypeScale type, double s, int width, int budget, boolean icons,
                                   int factColumns, boolean badgeInStack, boolean centered, double squeeze) {
        TextStack st = new TextStack();
        int y = 0;
        if (badgeInStack && Texts.present(texts.badge())) {
            st.badgeText = badgeText(texts.badge(), s, width);
            st.badge = badgeBox(st.badgeText, 0, 0, s);
            y = st.badge.bottom() + (int) Math.round(0.026 * s);
        }
        boolean hasSub = Texts.present(texts.subtitle()), hasFacts = !texts.facts().isEmpty();
        int left = budget - y;
        double titleShare = (hasSub && hasFacts ? 0.5 : hasSub || hasFacts ? 0.62 : 1.0) * (hasFacts ? squeeze : 1);
        st.titleText = TextFitter.fit(texts.title(), type.titleFace(), width, (int) (left * titleShare),
                TypeScale.TITLE_LINES, (float) (type.titleMax() * s), (float) (type.titleMin() * s));
        if (st.titleText != null) {
            st.title = new Box(0, y, width, st.titleText.height());
            y = st.title.bottom() + (int) Math.round(0.02 * s);
        }
        left = budget - y;
        st.subtitleText = TextFitter.fit(texts.subtitle(), FontSet.Face.REGULAR, width,
                (int) (left * (hasFacts ? 0.42 * squeeze : 1.0)), TypeScale.SUBTITLE_LINES,
                (float) (TypeScale.SUBTITLE_MAX * s), (float) (TypeScale.SUBTITLE_MIN * s));
        if (st.subtitleText != null) {
            st.subtitle = new Box(0, y, width, st.subtitleText.height());
            y = st.subtitle.bottom();
        }
        if (hasFacts) {
            int top = y == 0 ? 0 : y + (int) Math.round(0.034 * s);
            FactList fl = FactList.fit(texts.facts(), type.factFace(), s, width, budget - top, icons, factColumns);
            for (int i = 0; i < fl.boxes().size(); i++) {
                Box b = fl.boxes().get(i);
                st.facts.add(new Box(b.x(), b.y() + top, b.w(), b.h()));
                st.factTexts.add(fl.texts().get(i));
            }
            st.factIndent = fl.indent();
            if (centered) st.centreFacts(width);
            y = top + fl.height();
        }
        st.height = y;
        return st;
    }

    static FittedText badgeText(String badge, double s, int maxWidth) {
        float size = (float) (TypeScale.BADGE * s);
        int pad = Math.round(size * 0.9f);
        // One line, shrinking to 60 %; a badge still too long for a narrow column wraps inside its pill.
        return TextFitter.fit(Texts.badgeCase(badge), FontSet.Face.BOLD, maxWidth - 2 * pad,
                Integer.MAX_VALUE, 1, size, size * 0.6f);
    }

    /** A pill around the badge text; padding scales with the type. */
    static Box badgeBox(FittedText t, int x, int y, double s) {
        int pad = Math.round(t.size() * 0.9f);
        int h = Math.max(Math.round(t.size() * 2.1f), t.height() + Math.round(t.size() * 0.8f));
        return new Box(x, y, t.maxWidth() + 2 * pad, h);
    }

    /** A centred card gets its fact list as one block centred under the title, lines left-aligned. */
    private void centreFacts(int width) {
        int block = 0;
        for (FittedText t : factTexts) block = Math.max(block, t.maxWidth());
        int w = Math.min(width, block + factIndent);
        int dx = (width - w) / 2;
        facts.replaceAll(b -> new Box(b.x() + dx, b.y(), w, b.h()));
    }

    /** Moves every box by (dx, dy); returns this for chaining. */
    TextStack at(int dx, int dy) {
        badge = move(badge, dx, dy);
        title = move(title, dx, dy);
        subtitle = move(subtitle, dx, dy);
        facts.replaceAll(b -> move(b, dx, dy));
        return this;
    }

    private static Box move(Box b, int dx, int dy) {
        return b == null ? null : new Box(b.x() + dx, b.y() + dy, b.w(), b.h());
    }
}
