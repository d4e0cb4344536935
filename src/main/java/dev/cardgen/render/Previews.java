package dev.cardgen.render;

/** Preview sizing: same aspect as the card, longer side at most 800 px. */
public final class Previews {
    public static final int MAX_SIDE = 800;

    private Previews() {}

    public static int[] size(int width, int height) {
        if (width <= 0 || height <= 0) throw new IllegalArgumentException("size must be positive");
        int longer = Math.max(width, height);
        if (longer <= MAX_SIDE) return new int[] {width, height};
        double k = (double) MAX_SIDE / longer;
        return new int[] {Math.max(1, (int) Math.round(width * k)), Math.max(1, (int) Math.round(height * k))};
    }
}
