// Cron runs over a real database: a time that has just passed runs once across two schedulers, with
// Vercel's user agent and the project's CRON_SECRET, and is listed with its status.
import { listCronRuns, newId, schema } from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CronTarget, lastRunAt, startCronScheduler } from './crons';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let target: CronTarget;

beforeAll(async () => {
  database = await createTestDatabase();
  const teamId = newId('team');
  const projectId = newId('prj');
  const deploymentId = newId('dpl');
  await database.db.insert(schema.teams).values({ id: teamId, slug: `cron-${teamId.slice(-8).toLowerCase()}` });
  await database.db.insert(schema.projects).values({ id: projectId, teamId, name: 'cron' });
  await database.db
    .insert(schema.deployments)
    .values({ id: deploymentId, projectId, teamId, name: 'cron', host: 'cron-abc', state: 'READY' });
  target = {
    deploymentId,
    projectId,
    host: 'cron',
    readyAt: new Date('2026-01-01T00:00:00Z'),
    crons: [
      { path: '/api/every-five', schedule: '*/5 * * * *' },
      { path: '/api/daily', schedule: '0 3 * * *' },
    ],
  };
});
afterAll(() => database.close());

describe('cron jobs', () => {
  it('finds the last scheduled time in UTC and refuses a schedule it cannot read', () => {
    expect(lastRunAt('*/5 * * * *', new Date('2026-11-24T10:07:30Z'))?.toISOString()).toBe('2026-11-24T10:05:00.000Z');
    expect(lastRunAt('not a schedule', new Date())).toBeNull();
  });

  it('runs a time that just passed once across two schedulers, with the cron user agent and secret', async () => {
    const calls: { host: string; path: string; headers: Record<string, string> }[] = [];
    const options = {
      db: database.db,
      targets: async () => [target],
      call: async (host: string, path: string, headers: Record<string, string>) => {
        calls.push({ host, path, headers });
        return 200;
      },
      secretOf: async () => 'cron-secret',
      intervalMs: 3_600_000,
      now: () => new Date('2026-11-24T10:05:20Z'),
    };
    const a = startCronScheduler(options);
    const b = startCronScheduler(options);
    await Promise.all([a.tick(), b.tick(), a.tick()]);
    a.stop();
    b.stop();
    expect(calls).toEqual([
      {
        host: 'cron',
        path: '/api/every-five',
        headers: { 'user-agent': 'vercel-cron/1.0', authorization: 'Bearer cron-secret' },
      },
    ]);
    const runs = await listCronRuns(database.db, target.projectId);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ path: '/api/every-five', status: 200 });
    expect(runs[0]!.finishedAt).not.toBeNull();
  });
});
