// Who a bearer token or session cookie belongs to, kept a moment in memory so that an authenticated
// request usually costs no query: without it every API call paid a token lookup and more on the one
// PGlite connection, and 200 connections queued behind each other (issue #10).
// How stale an entry may be:
// - in this process, every write to the tables an entry is read from (tokens, sessions, users,
//   teams, memberships) made through this package starts a new generation, and entries of older
//   generations are not used: a revoked token, a logout or a rename count from the next request;
// - written by another process on the same PostgreSQL, an entry lives AUTH_CACHE_MS at most, so a
//   token revoked there stops working here within 2 seconds.
// Expiry dates are checked by the callers on every use. Misses for one key share one lookup.

export const AUTH_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"(?:tokens|sessions|users|teams|memberships)"/i;
/** Noting a token's last use or a session's last visit changes nothing an entry answers: it keeps the generation. */
const LAST_USED =
  /^\s*update\s+"(tokens|sessions)"\s+set\s+"(last_used_at|last_seen_at)"\s*=\s*\$1\s+where\s+"\1"\."id"\s*=\s*\$2\s*$/i;

interface Entry {
  generation: number;
  expires: number;
  value: Promise<unknown>;
}

// One state per process, not per module instance: Next.js bundles its own copy of this package for
// the dashboard, and a write noted by the API's copy must end the dashboard's entries too.
interface State {
  generation: number;
  /** Keyed by the database handle: each open database has its own entries. */
  caches: WeakMap<object, Map<string, Entry>>;
}
const KEY = Symbol.for('nimbus.auth-cache');
const state: State = ((globalThis as Record<symbol, State | undefined>)[KEY] ??= {
  generation: 0,
  caches: new WeakMap(),
});

/** Called with each statement before it is sent (client.ts): a write to an auth table ends the generation. */
export function noteStatement(sql: string): void {
  if (WRITE.test(sql) && !LAST_USED.test(sql)) state.generation++;
}

/** The cached value of `key` for `db`, or the result of `load` (kept unless null). */
export function cachedAuth<T>(db: object, key: string, load: () => Promise<T | null>): Promise<T | null> {
  let cache = state.caches.get(db);
  if (!cache) state.caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.generation === state.generation && hit.expires > now) return hit.value as Promise<T | null>;
  if (hit) cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  // The generation is read before the lookup: a write landing while it runs makes its result stale.
  const entry: Entry = { generation: state.generation, expires: now + AUTH_CACHE_MS, value: load() };
  cache.set(key, entry);
  const forget = () => void (cache.get(key) === entry && cache.delete(key));
  entry.value.then((value) => value === null && forget(), forget);
  return entry.value as Promise<T | null>;
}
