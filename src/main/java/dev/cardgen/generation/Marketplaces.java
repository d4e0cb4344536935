package dev.cardgen.generation;

import dev.cardgen.render.Ratio;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The five marketplaces a generation may target, {@code market1}…{@code market5}, each with its preset's ratio (the default ratio). */
public final class Marketplaces {

    private static final Map<String, Ratio> DEFAULT_RATIO = new LinkedHashMap<>();

    static {
        DEFAULT_RATIO.put("market1", Ratio.R3_4);
        DEFAULT_RATIO.put("market2", Ratio.R3_4);
        DEFAULT_RATIO.put("market3", Ratio.R3_4);
        DEFAULT_RATIO.put("market4", Ratio.R1_1);
        DEFAULT_RATIO.put("market5", Ratio.R1_1);
    }

    private Marketplaces() {
    }

    public static Optional<Ratio> defaultRatio(String marketplace) {
        return Optional.ofNullable(DEFAULT_RATIO.get(marketplace));
    }

    public static String names() {
        return String.join(", ", DEFAULT_RATIO.keySet());
    }
}
