package dev.cardgen.export.checks;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithDefaults;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Marketplace rule sets under {@code cardgen.checks.presets.<preset>.*}, one per export preset. A
 * preset not named takes every default; application.properties sets the shipped ones.
 */
@ConfigMapping(prefix = "cardgen.checks")
public interface ChecksConfig {

    @WithDefaults
    Map<String, PresetRules> presets();

    interface PresetRules {
        /** The real marketplace an operator binds the preset to; only shown by GET /api/v1/presets. */
        Optional<String> marketplace();

        /** Adds the main-image rules: white border, product fill, no text, no shadow at the edge. */
        @WithDefault("false")
        boolean mainImage();

        /** Formats the marketplace accepts ({@code png}, {@code jpeg}). */
        @WithDefault("png,jpeg")
        List<String> formats();

        /** Largest accepted file, bytes. */
        @WithDefault("10485760")
        long maxBytes();

        /** Smallest accepted width and height; default the preset's smallest size. */
        Optional<Integer> minWidth();

        Optional<Integer> minHeight();

        /** Require sRGB (tagged, or untagged and so read as sRGB). */
        @WithDefault("true")
        boolean srgb();

        /** Main image: the share of the frame the product must cover along its longer axis. */
        @WithDefault("0.85")
        double minProductFill();

        /** Main image: the width of the edge band that must stay white outside the product, as a share of the shorter side. */
        @WithDefault("0.02")
        double edgeBand();
    }
}
