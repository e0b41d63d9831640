// Throttle counters: fixed windows, failure counts, and expired rows deleted by the next write.
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { rateLimits } from '../schema';
import { createTestDatabase } from '../testing';
import { hitRateLimit, noteFailure, pruneRateLimits, readRateLimit } from './rate-limits';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const rows = async () => (await database.db.select({ n: count() }).from(rateLimits))[0]!.n;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('rate limits', () => {
  it('counts hits in a fixed window and starts again once it is over', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, 'window', 3, 200));
    expect(results).toEqual([true, true, true, false]);
    await sleep(250);
    expect(await hitRateLimit(database.db, 'window', 3, 200)).toBe(true);
  });

  it('counts failures until they have been quiet for the given time', async () => {
    expect(await noteFailure(database.db, 'fails', 200)).toBe(1);
    expect(await noteFailure(database.db, 'fails', 200)).toBe(2);
    expect((await readRateLimit(database.db, 'fails'))?.count).toBe(2);
    await sleep(250);
    expect(await readRateLimit(database.db, 'fails')).toBeNull();
    expect(await noteFailure(database.db, 'fails', 200)).toBe(1);
  });

  it('deletes expired rows on the next write', async () => {
    await pruneRateLimits(database.db);
    for (let i = 0; i < 5; i++) await noteFailure(database.db, `short-${i}`, 50);
    expect(await rows()).toBeGreaterThanOrEqual(5);
    await sleep(1_100);
    await hitRateLimit(database.db, 'long', 10, 60_000);
    expect(await rows()).toBe(1);
  });
});
