// Throttles kept in the database, so every process behind a load balancer shares the counts.
// Two shapes: a fixed window (`hitRateLimit`: sign-ups, forms, device codes; `claimOnce`: single-use
// links) and a failure count whose last failure decides how long the next attempt waits
// (`noteFailure`: logins). A row past its `expires_at` counts as absent; every write first deletes
// such rows (at most once a second per database handle), so the table holds only live counters.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rateLimits } from '../schema';

const PRUNE_EVERY_MS = 1_000;
const lastPrune = new WeakMap<Db, number>();

/** Deletes expired counters; returns how many went. */
export async function pruneRateLimits(db: Db): Promise<number> {
  lastPrune.set(db, Date.now());
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expiresAt, new Date()))
    .returning({ key: rateLimits.key });
  return gone.length;
}

async function pruneNow(db: Db): Promise<void> {
  if (Date.now() - (lastPrune.get(db) ?? 0) >= PRUNE_EVERY_MS) await pruneRateLimits(db);
}

/** Adds one to `key`, starting again at 1 once the row has expired; `expiresAt` picks the new expiry. */
async function bump(db: Db, key: string, expiry: (now: Date) => Date, keepExpiry: boolean): Promise<number> {
  await pruneNow(db);
  const now = new Date();
  const expired = sql`${rateLimits.expiresAt} <= ${now}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1, updatedAt: now, expiresAt: expiry(now) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${now} else ${rateLimits.windowStart} end`,
        updatedAt: now,
        expiresAt: keepExpiry
          ? sql`case when ${expired} then ${expiry(now)} else ${rateLimits.expiresAt} end`
          : expiry(now),
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** Counts one hit against `key` in a fixed window of `windowMs`; false once more than `limit` hits fell in it. */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number): Promise<boolean> {
  return (await bump(db, key, (now) => new Date(now.getTime() + windowMs), true)) <= limit;
}

/** Claims `key` for `forMs`: true the first time, false while that claim lives (the id of a single-use link). */
export async function claimOnce(db: Db, key: string, forMs: number): Promise<boolean> {
  return hitRateLimit(db, key, 1, forMs);
}

/** Counts one failure against `key`; the count is forgotten `quietMs` after the last failure. */
export async function noteFailure(db: Db, key: string, quietMs: number): Promise<number> {
  return bump(db, key, (now) => new Date(now.getTime() + quietMs), false);
}

/** The live count of `key` and when it last changed, or null. */
export async function readRateLimit(db: Db, key: string): Promise<{ count: number; updatedAt: Date } | null> {
  const [row] = await db
    .select({ count: rateLimits.count, updatedAt: rateLimits.updatedAt })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.expiresAt, new Date())));
  return row ?? null;
}

/** Marks `key` as present for `forMs`, without counting (a remembered fact, e.g. a known address). */
export async function rememberKey(db: Db, key: string, forMs: number): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + forMs);
  await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 0, updatedAt: now, expiresAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { updatedAt: now, expiresAt } });
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
