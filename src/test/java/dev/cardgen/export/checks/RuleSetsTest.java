package dev.cardgen.export.checks;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.Preset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Rule sets from configuration: defaults per preset, an operator's binding, and a start refused on a bad key. */
@Execution(ExecutionMode.CONCURRENT) // no application: runs beside the @QuarkusTest classes (pom.xml)
class RuleSetsTest {

    /** One preset's keys; what is not given is ChecksConfig's default. */
    private record Rules(Optional<String> marketplace, boolean mainImage, List<String> formats, long maxBytes,
                         Optional<Integer> minWidth, Optional<Integer> minHeight, boolean srgb, double minProductFill,
                         double edgeBand) implements ChecksConfig.PresetRules {
        static final Rules DEFAULT = new Rules(Optional.empty(), false, List.of("png", "jpeg"), 10_485_760, Optional.empty(),
                Optional.empty(), true, 0.85, 0.02);
    }

    /** Like the mapping's {@code @WithDefaults} map: an unnamed preset gets the defaults. */
    private static ChecksConfig config(Map<String, Rules> given) {
        Map<String, ChecksConfig.PresetRules> presets = new HashMap<>(given) {
            @Override
            public ChecksConfig.PresetRules get(Object key) {
                return containsKey(key) ? super.get(key) : Rules.DEFAULT;
            }
        };
        return () -> presets;
    }

    @Test
    void anUnnamedPresetTakesTheDefaultsAndItsSmallestSize() {
        RuleSet r = RuleSets.resolve(config(Map.of())).get(Preset.MARKET1_3X4);
        assertEquals(new RuleSet(Preset.MARKET1_3X4, null, false, List.of(ExportFormat.PNG, ExportFormat.JPEG), 10_485_760, 1200, 1600,
                true, 0.85, 0.02), r);
        assertEquals(List.of(CheckRule.RATIO, CheckRule.SIZE, CheckRule.FORMAT, CheckRule.FILE_SIZE, CheckRule.SRGB,
                CheckRule.PRODUCT_RESOLUTION), r.rules());
    }

    @Test
    void anOperatorsBindingIsTakenAsGiven() {
        Rules bound = new Rules(Optional.of("examplemart"), true, List.of("jpeg"), 5_000_000, Optional.of(1600), Optional.of(1600),
                true, 0.9, 0.03);
        RuleSet r = RuleSets.resolve(config(Map.of("market4-1x1", bound))).get(Preset.MARKET4_1X1);
        assertEquals(new RuleSet(Preset.MARKET4_1X1, "examplemart", true, List.of(ExportFormat.JPEG), 5_000_000, 1600, 1600, true, 0.9, 0.03), r);
        assertEquals(10, r.rules().size()); // five file rules, four main-image rules, the product's resolution
        assertEquals(36, r.edgeBandPixels(1200, 1600));
    }

    @Test
    void aBadKeyStopsTheStartNamingEveryProblem() {
        Rules bad = new Rules(Optional.empty(), true, List.of("gif"), 0, Optional.empty(), Optional.empty(), true, 1.5, 0.5);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> RuleSets.resolve(config(Map.of("market9-1x1", Rules.DEFAULT, "market5-1x1", bad))));
        String m = e.getMessage();
        for (String expected : List.of("cardgen.checks.presets.market9-1x1: no such preset", "cardgen.checks.presets.market5-1x1.formats: unknown format 'gif'",
                "cardgen.checks.presets.market5-1x1.max-bytes must be positive", "cardgen.checks.presets.market5-1x1.min-product-fill must be in (0, 1]",
                "cardgen.checks.presets.market5-1x1.edge-band must be in (0, 0.5)")) {
            assertEquals(true, m.contains(expected), m + " lacks " + expected);
        }
    }
}
