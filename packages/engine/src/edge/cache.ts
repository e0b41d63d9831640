// The one cache shape of the edge (hosts, manifests, bodies): an LRU whose hits are answered
// synchronously, so a warm request allocates no promise, and whose concurrent misses share one load
// (lru-cache's fetchMethod). An invalidation also covers loads already under way: their answer
// still goes to the requests waiting on it, but is not kept.
import { LRUCache } from 'lru-cache';

export interface SingleFlightOptions<K extends {}, V extends {}, C> {
  /** Loads a missing entry; `context` is what `get` was given beside the key. */
  load(key: K, context: C): Promise<V>;
  /** How many entries, or how large in all (the sum of `sizeOf` over the entries). */
  limit: { max: number } | { maxSize: number; sizeOf(value: V): number };
  ttl?: number;
  /** Time to live of one entry, decided from its value. */
  ttlOf?(value: V): number;
}

export type SingleFlight<K extends {}, V extends {}, C = undefined> = ReturnType<typeof singleFlight<K, V, C>>;

export function singleFlight<K extends {}, V extends {}, C = undefined>(options: SingleFlightOptions<K, V, C>) {
  const { load, ttlOf, limit } = options;
  // Bumped by every invalidation: a load that began before one may carry the old answer.
  let generation = 0;
  const cache: LRUCache<K, V, unknown> = new LRUCache<K, V, unknown>({
    ...('max' in limit ? { max: limit.max } : { maxSize: limit.maxSize, sizeCalculation: limit.sizeOf }),
    ttl: options.ttl,
    // A deleted entry's load still answers its callers; lru-cache then leaves it out of the cache.
    ignoreFetchAbort: true,
    fetchMethod: async (key, _stale, { signal, options: entry, context }) => {
      const started = generation;
      // lru-cache types the context as unknown; `get` only ever passes a C.
      const value = await load(key, context as C);
      if (ttlOf) entry.ttl = ttlOf(value);
      if (started !== generation && !signal.aborted) cache.delete(key);
      return value;
    },
  });

  return {
    /** The cached value, or the one shared promise of it. Allocates nothing on a hit (no rest arguments). */
    get(key: K, context?: C): V | Promise<V> {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      // fetchMethod always resolves to a value, never to lru-cache's "nothing" (undefined).
      return cache.fetch(key, { context }) as Promise<V>;
    },
    /** Drops the entries `matches` picks, and keeps no answer of a load under way. */
    evict(matches: (value: V, key: K) => boolean): void {
      generation++;
      for (const [key, value] of cache.entries()) if (matches(value, key)) cache.delete(key);
    },
    clear(): void {
      generation++;
      cache.clear();
    },
    get size(): number {
      return cache.size;
    },
  };
}
