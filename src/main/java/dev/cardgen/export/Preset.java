package dev.cardgen.export;

import dev.cardgen.render.Ratio;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Marketplace output sizes (README, Exports: the preset table): a ratio and the widths allowed for it; the first is the default. */
public enum Preset {
    MARKET1_3X4("market1-3x4", Ratio.R3_4, 1200, 2400),
    MARKET2_3X4("market2-3x4", Ratio.R3_4, 1200, 2400),
    MARKET3_3X4("market3-3x4", Ratio.R3_4, 1200),
    MARKET4_1X1("market4-1x1", Ratio.R1_1, 1200, 2000),
    MARKET5_1X1("market5-1x1", Ratio.R1_1, 1200),
    STORIES_9X16("stories-9x16", Ratio.R9_16, 1080);

    private final String id;
    private final Ratio ratio;
    private final List<Integer> widths;

    Preset(String id, Ratio ratio, Integer... widths) {
        this.id = id;
        this.ratio = ratio;
        this.widths = List.of(widths);
    }

    public String id() {
        return id;
    }

    public Ratio ratio() {
        return ratio;
    }

    public List<Integer> widths() {
        return widths;
    }

    public int defaultWidth() {
        return widths.get(0);
    }

    /** Height for an allowed width; the ratios divide every allowed width exactly (1200×1600, 1080×1920, 2000×2000). */
    public int heightFor(int width) {
        return width * ratio.h() / ratio.w();
    }

    public static Optional<Preset> parse(String id) {
        return Arrays.stream(values()).filter(p -> p.id.equals(id)).findFirst();
    }

    public static String names() {
        return Arrays.stream(values()).map(Preset::id).collect(Collectors.joining(", "));
    }
}
