package dev.cardgen.core;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A per-instance memo of values that never go stale on their own (a ready export's file, a finished
 * generation): bounded by entry count and simply emptied when full, which costs a few database reads
 * and keeps the memory ceiling obvious.
 */
public final class BoundedCache<K, V> {

    private final int maxEntries;
    private final ConcurrentHashMap<K, V> entries = new ConcurrentHashMap<>();

    public BoundedCache(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    public Optional<V> get(K key) {
        return Optional.ofNullable(entries.get(key));
    }

    public V put(K key, V value) {
        if (entries.size() >= maxEntries) {
            entries.clear();
        }
        entries.put(key, value);
        return value;
    }

    public void remove(K key) {
        entries.remove(key);
    }
}
