package dev.cardgen.render;

/**
 * Fits the product into its region keeping the cut-out's aspect ratio, leaving room below for
 * the contact shadow and breathing space at the sides, and stepping away from a corner badge.
 */
final class ProductPlacer {
    private ProductPlacer() {}

    static Box place(Box region, double aspect, double s, Box avoid) {
        int shadow = (int) Math.round(0.035 * s);
        int side = (int) Math.round(0.02 * s);
        Box r = new Box(region.x() + side, region.y(), region.w() - 2 * side, region.h() - shadow);
        Box p = fit(r, aspect);
        if (avoid != null && p != null && p.intersects(avoid)) {
            int top = avoid.bottom() + (int) Math.round(0.02 * s);
            p = fit(new Box(r.x(), top, r.w(), r.bottom() - top), aspect);
        }
        return p;
    }

    /** Largest box of the given aspect inside r, centred horizontally and vertically. */
    static Box fit(Box r, double aspect) {
        if (r.w() <= 0 || r.h() <= 0) return null;
        int w = r.w(), h = (int) Math.round(w / aspect);
        if (h > r.h()) {
            h = r.h();
            w = (int) Math.round(h * aspect);
        }
        if (w <= 0 || h <= 0) return null;
        return new Box(r.x() + (r.w() - w) / 2, r.y() + (r.h() - h) / 2, w, h);
    }
}
