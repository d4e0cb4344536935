package dev.cardgen.export.checks;

import dev.cardgen.export.ExportFormat;
import dev.cardgen.export.Preset;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The rule set of every preset, read once at start. A misconfigured one (an unknown preset or
 * format, a fill or band outside its range) stops the start with a message naming the key, rather
 * than checking exports against a rule nobody meant.
 */
@ApplicationScoped
@Startup
public class RuleSets {

    private final Map<Preset, RuleSet> sets;

    public RuleSets(ChecksConfig config) {
        this.sets = resolve(config);
    }

    public RuleSet of(Preset preset) {
        return sets.get(preset);
    }

    /** Every preset's rule set, in the presets' order. */
    public List<RuleSet> all() {
        return List.copyOf(sets.values());
    }

    static Map<Preset, RuleSet> resolve(ChecksConfig config) {
        List<String> problems = new ArrayList<>();
        for (String key : config.presets().keySet()) {
            if (Preset.parse(key).isEmpty()) {
                problems.add("cardgen.checks.presets." + key + ": no such preset (known: " + Preset.names() + ")");
            }
        }
        Map<Preset, RuleSet> out = new EnumMap<>(Preset.class);
        for (Preset p : Preset.values()) {
            String prefix = "cardgen.checks.presets." + p.id() + ".";
            ChecksConfig.PresetRules r = config.presets().get(p.id());
            List<ExportFormat> formats = new ArrayList<>();
            for (String f : r.formats()) {
                ExportFormat.parse(f.trim()).ifPresentOrElse(formats::add,
                        () -> problems.add(prefix + "formats: unknown format '" + f + "' (known: png, jpeg)"));
            }
            if (r.maxBytes() <= 0) problems.add(prefix + "max-bytes must be positive");
            if (!(r.minProductFill() > 0 && r.minProductFill() <= 1)) problems.add(prefix + "min-product-fill must be in (0, 1]");
            if (!(r.edgeBand() > 0 && r.edgeBand() < 0.5)) problems.add(prefix + "edge-band must be in (0, 0.5)");
            int smallest = Collections.min(p.widths());
            out.put(p, new RuleSet(p, r.marketplace().filter(m -> !m.isBlank()).orElse(null), r.mainImage(), List.copyOf(formats),
                    r.maxBytes(), r.minWidth().orElse(smallest), r.minHeight().orElse(p.heightFor(smallest)), r.srgb(),
                    r.minProductFill(), r.edgeBand()));
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Invalid marketplace rule sets: " + String.join("; ", problems));
        }
        return out;
    }
}
