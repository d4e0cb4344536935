package dev.cardgen.render;

import java.util.Arrays;
import java.util.Optional;

/** Card aspect ratios the engine lays out for; width:height. */
public enum Ratio {
    R3_4("3:4", 3, 4),
    R1_1("1:1", 1, 1),
    R9_16("9:16", 9, 16);

    private final String id;
    private final int w;
    private final int h;

    Ratio(String id, int w, int h) {
        this.id = id;
        this.w = w;
        this.h = h;
    }

    public String id() { return id; }
    public int w() { return w; }
    public int h() { return h; }

    public static Optional<Ratio> parse(String id) {
        if (id == null) return Optional.empty();
        String s = id.trim();
        return Arrays.stream(values()).filter(r -> r.id.equals(s)).findFirst();
    }
}
