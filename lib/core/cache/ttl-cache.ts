/**
 * A small in-process cache whose entries live `ttlMs` at most, bounded to `maxEntries` (the
 * oldest entry goes first). For answers every visitor shares and may see a moment late (issue
 * #35: a festival crowd's first visits ask for the same counts thousands of times a second),
 * never for anything a visitor must see at once: callers clear an entry when they change it.
 * `load` runs once per key while it is pending: a crowd arriving together costs one query.
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  delete(key: string): void;
  clear(): void;
  readonly size: number;
}

export function ttlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      if (hit) entries.delete(key);
      const value = load();
      entries.set(key, { at: now(), value });
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      return value;
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}
