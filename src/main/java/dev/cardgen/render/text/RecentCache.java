package dev.cardgen.render.text;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A bounded cache that keeps what was used lately: two generations of at most {@code generation}
 * entries each. New entries go to the young one; a hit in the old one moves the entry back to the
 * young; when the young is full it becomes the old and the old is dropped. Clearing everything at the
 * bound instead made the fitter measure again, after each clear, most of what the layouts it was in
 * the middle of still needed (TextLimitsTest: 3.5x the wraps). Thread-safe; a lost race loses an
 * entry, which is measured again.
 */
final class RecentCache<K, V> {
    private final int generation;
    private volatile Map<K, V> young = new ConcurrentHashMap<>(), old = new ConcurrentHashMap<>();

    RecentCache(int generation) {
        this.generation = generation;
    }

    V get(K key) {
        V v = young.get(key);
        if (v != null) return v;
        v = old.get(key);
        if (v != null) put(key, v);
        return v;
    }

    void put(K key, V value) {
        Map<K, V> y = young;
        y.put(key, value);
        if (y.size() > generation) {
            synchronized (this) {
                if (young == y) {
                    old = y;
                    young = new ConcurrentHashMap<>();
                }
            }
        }
    }
}
