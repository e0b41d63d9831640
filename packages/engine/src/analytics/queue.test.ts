// The collection queue: batches by size and by time, one write at a time, bounded, flushed on close.
import { newId, schema } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsQueue } from './queue';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let projectId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const teamId = newId('team');
  projectId = newId('prj');
  await database.db.insert(schema.teams).values({ id: teamId, slug: `q-${teamId.slice(-8).toLowerCase()}` });
  await database.db.insert(schema.projects).values({ id: projectId, teamId, name: 'site' });
});
afterAll(() => database.close());

const view = (path: string): schema.NewWebEvent => ({
  projectId,
  occurredAt: new Date(),
  path,
  device: 'desktop',
  browser: 'Chrome',
  os: 'Linux',
  kind: 'pageview',
  visitor: 'v',
});
const rows = async () => (await database.db.select({ n: count() }).from(schema.webEvents))[0]!.n;
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('analytics queue', () => {
  it('writes a batch as soon as it is full, without waiting for the timer', async () => {
    const before = await rows();
    const queue = createAnalyticsQueue({ db: database.db, batchSize: 5, intervalMs: 60_000 });
    for (let i = 0; i < 4; i++) queue.pushEvent(view(`/a${i}`));
    await new Promise((r) => setTimeout(r, 50));
    expect(await rows()).toBe(before);
    queue.pushEvent(view('/a4'));
    await waitFor(async () => (await rows()) === before + 5);
    expect(await rows()).toBe(before + 5);
    expect(queue.stats).toMatchObject({ queued: 0, written: 5, dropped: 0 });
    await queue.close();
  });

  it('writes what waits every interval', async () => {
    const before = await rows();
    const queue = createAnalyticsQueue({ db: database.db, batchSize: 1000, intervalMs: 50 });
    queue.pushEvent(view('/timed'));
    queue.pushVital({ ...view('/timed'), metric: 'LCP', value: 1234 });
    const vitals = () => database.db.select().from(schema.webVitals);
    await waitFor(async () => (await vitals()).length === 1);
    expect(await rows()).toBe(before + 1);
    const [vital] = await database.db.select().from(schema.webVitals);
    expect(vital).toMatchObject({ path: '/timed', metric: 'LCP', value: 1234 });
    await queue.close();
  });

  it('drops and counts rows past its bound instead of growing', async () => {
    const before = await rows();
    const queue = createAnalyticsQueue({ db: database.db, batchSize: 1000, intervalMs: 60_000, maxQueued: 3 });
    const accepted = [1, 2, 3, 4, 5].map((i) => queue.pushEvent(view(`/b${i}`)));
    expect(accepted).toEqual([true, true, true, false, false]);
    expect(queue.stats).toMatchObject({ queued: 3, dropped: 2 });
    await queue.close();
    expect(await rows()).toBe(before + 3);
    // Closed: nothing more is taken.
    expect(queue.pushEvent(view('/late'))).toBe(false);
  });

  it('reports a failed write and keeps going', async () => {
    const errors: unknown[] = [];
    const queue = createAnalyticsQueue({ db: database.db, intervalMs: 60_000, onError: (e) => errors.push(e) });
    queue.pushEvent({ ...view('/orphan'), projectId: 'prj_missing' });
    await queue.flush();
    expect(errors).toHaveLength(1);
    expect(queue.stats.failed).toBe(1);
    const before = await rows();
    queue.pushEvent(view('/after'));
    await queue.close();
    expect(await rows()).toBe(before + 1);
  });
});
