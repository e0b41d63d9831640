// The runtime log writer against a real database: rows reach the table in batches (never one
// insert per report), each stored batch is announced on the event bus, a database outage keeps at
// most the bound and counts the rest, and the retention sweep keeps each plan's window.
import { RUNTIME_LOG_RETENTION } from '@nimbus/core';
import {
  changePlan,
  createAccount,
  createDeployment,
  createProject,
  createTeam,
  type Database,
  type Db,
  deleteExpiredRuntimeLogs,
  listRuntimeLogs,
  RUNTIME_MESSAGE_MAX,
  type RuntimeLog,
} from '@nimbus/db';
import { createTestDatabase } from '@nimbus/db/src/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineEvents } from '../events';
import { RuntimeLogWriter } from './runtime-log-writer';

let database: Database;
let db: Db;

async function deploymentOfNewTeam(name: string) {
  const user = await createAccount(db, { email: `${name}@example.com`, name, passwordHash: 'x' });
  const team = await createTeam(db, user.id, { name: `${name} team` });
  const project = await createProject(db, team.id, { name: `${name}-site` });
  const deployment = await createDeployment(db, { project, creatorId: user.id, target: 'production', files: [] });
  return { deploymentId: deployment.id, projectId: project.id, teamId: team.id };
}

const line = (
  ids: { deploymentId: string; projectId: string; teamId: string },
  message: string,
  time = Date.now(),
) => ({
  ...ids,
  requestId: 'req_1',
  stream: 'stdout' as const,
  message,
  time,
});

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('RuntimeLogWriter', () => {
  it('buffers reports and writes them in batches, announcing each stored batch', async () => {
    const ids = await deploymentOfNewTeam('batcher');
    const events = createEngineEvents();
    const batches: RuntimeLog[][] = [];
    events.on('runtimeLogs', (rows) => batches.push(rows));
    const writer = new RuntimeLogWriter({ db, events, flushMs: 100, batchSize: 500 });

    writer.onRequest({
      ...ids,
      requestId: 'req_1',
      method: 'GET',
      path: '/api/hello',
      status: 503,
      durationMs: 12.4,
      cold: true,
      memoryMb: 128,
      functionPath: 'api/hello.func',
    });
    writer.onLog(line(ids, 'hello from the function'));
    // Nothing is written per report: the rows wait for the timer.
    expect(await listRuntimeLogs(db, { projectId: ids.projectId, limit: 10 })).toHaveLength(0);
    expect(writer.buffered).toBe(2);

    await new Promise((r) => setTimeout(r, 300));
    const rows = await listRuntimeLogs(db, { projectId: ids.projectId, limit: 10 });
    expect(rows.map((r) => [r.source, r.level, r.status, r.durationMs, r.cold])).toEqual([
      ['stdout', 'info', null, null, null],
      ['request', 'error', 503, 12, true],
    ]);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(2);

    // 1,200 lines at once: full batches go without waiting for the timer, at most 500 rows each.
    batches.length = 0;
    for (let i = 0; i < 1200; i++) writer.onLog(line(ids, `line ${i}`));
    await writer.flush();
    expect(batches.map((b) => b.length)).toEqual([500, 500, 200]);
    expect(writer.counts).toMatchObject({ written: 1202, dropped: 0 });
    const newest = await listRuntimeLogs(db, { projectId: ids.projectId, limit: 1 });
    expect(newest[0]!.message).toBe('line 1199');
  });

  it('stores every field as reported: times, text with quotes, newlines and emoji, and a message cut at its limit', async () => {
    const ids = await deploymentOfNewTeam('fields');
    const writer = new RuntimeLogWriter({ db, flushMs: 10_000 });
    const at = Date.now() - 60_000;
    writer.onLog(line(ids, 'say "hi"\n\tthen 🚀 \\ done', at));
    writer.onLog(line(ids, 'x'.repeat(RUNTIME_MESSAGE_MAX + 100), at + 1));
    await writer.flush();
    const rows = await listRuntimeLogs(db, { projectId: ids.projectId, limit: 10 });
    expect(rows.map((r) => [r.message.length, r.createdAt.getTime(), r.method, r.status])).toEqual([
      [RUNTIME_MESSAGE_MAX + 1, at + 1, null, null],
      ['say "hi"\n\tthen 🚀 \\ done'.length, at, null, null],
    ]);
    expect(rows[1]!.message).toBe('say "hi"\n\tthen 🚀 \\ done');
    expect(rows[0]!.message.endsWith('x…')).toBe(true);
    expect(rows.every((r) => typeof r.id === 'number' && r.requestId === 'req_1' && r.source === 'stdout')).toBe(true);
  });

  it('keeps at most its bound while the database is down, counts what it drops, and writes the rest once it is back', async () => {
    const ids = await deploymentOfNewTeam('outage');
    const down = await createTestDatabase();
    await down.close();
    const writer = new RuntimeLogWriter({ db: down.db, flushMs: 60_000, batchSize: 500, maxBuffered: 10 });
    for (let i = 0; i < 15; i++) writer.onLog(line(ids, `lost ${i}`));
    expect(writer.buffered).toBe(10);
    expect(writer.counts.dropped).toBe(5);
    await writer.flush();
    expect(writer.counts.failedWrites).toBe(1);
    expect(writer.buffered).toBe(10);

    // On a working database the buffered rows arrive in the order they were reported.
    const back = new RuntimeLogWriter({ db, flushMs: 60_000 });
    for (let i = 0; i < 10; i++) back.onLog(line(ids, `kept ${i}`));
    await back.close();
    const rows = await listRuntimeLogs(db, { projectId: ids.projectId, afterId: 0, limit: 20 });
    expect(rows.map((r) => r.message)).toEqual(Array.from({ length: 10 }, (_, i) => `kept ${i}`));
  });
});

describe('runtime log retention', () => {
  it("deletes rows past their team's plan window and keeps the rest", async () => {
    const hobby = await deploymentOfNewTeam('hobbyist');
    const pro = await deploymentOfNewTeam('professional');
    await changePlan(db, pro.teamId, 'pro');
    const hour = 3_600_000;
    const writer = new RuntimeLogWriter({ db });
    writer.onLog(line(hobby, 'hobby, 2 hours old', Date.now() - 2 * hour));
    writer.onLog(line(hobby, 'hobby, 10 minutes old', Date.now() - hour / 6));
    writer.onLog(line(pro, 'pro, 2 hours old', Date.now() - 2 * hour));
    writer.onLog(line(pro, 'pro, 25 hours old', Date.now() - 25 * hour));
    await writer.close();

    expect(await deleteExpiredRuntimeLogs(db, RUNTIME_LOG_RETENTION)).toBe(2);
    const left = async (ids: typeof hobby) =>
      (await listRuntimeLogs(db, { projectId: ids.projectId, limit: 10 })).map((r) => r.message);
    expect(await left(hobby)).toEqual(['hobby, 10 minutes old']);
    expect(await left(pro)).toEqual(['pro, 2 hours old']);
  });
});
