package dev.cardgen.render;

/** An axis-aligned pixel rectangle. */
public record Box(int x, int y, int w, int h) {
    public int right() { return x + w; }
    public int bottom() { return y + h; }

    public boolean intersects(Box o) {
        return o != null && x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }

    public boolean inside(Box o) {
        return x >= o.x && y >= o.y && right() <= o.right() && bottom() <= o.bottom();
    }
}
