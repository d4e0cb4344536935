package dev.cardgen.testing;

import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.LinkedHashMap;
import java.util.Map;

/** A test profile that sets configuration: a subclass passes keys and values, in pairs, to this constructor. */
public abstract class ConfigOverrides implements QuarkusTestProfile {

    private final Map<String, String> overrides = new LinkedHashMap<>();

    protected ConfigOverrides(String... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values come in pairs");
        }
        for (int i = 0; i < keysAndValues.length; i += 2) {
            overrides.put(keysAndValues[i], keysAndValues[i + 1]);
        }
    }

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.copyOf(overrides);
    }
}
