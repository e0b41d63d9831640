import type { PlanId } from '@nimbus/core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import * as schema from '../schema';
import { createTestDatabase } from '../testing';
import { registerUser } from './accounts';
import { claimJob, finishJob, MAX_ATTEMPTS, recoverStaleJobs } from './build-jobs';
import { queuePosition } from './build-queue';
import { createDeployment, getDeploymentById } from './deployments';
import { createProject } from './projects';

let database: Database;
let teamId: string;
let teams = 0;
beforeAll(async () => {
  database = await createTestDatabase();
  teamId = await newTeam('enterprise');
});
afterAll(() => database.close());

/** A team of its own per test, so running jobs of one test never count against another's limit. */
async function newTeam(plan: PlanId): Promise<string> {
  const user = await registerUser(database.db, {
    email: `queue${++teams}@example.com`,
    password: 'correct horse battery',
  });
  await database.db.update(schema.teams).set({ plan }).where(eq(schema.teams.id, user.defaultTeamId!));
  return user.defaultTeamId!;
}

async function queued(name: string, team = teamId) {
  const project = await createProject(database.db, team, { name });
  return createDeployment(database.db, {
    project,
    creatorId: 'usr_x',
    target: 'preview',
    files: [{ file: 'index.html', sha: 'a'.repeat(40), size: 1 }],
  });
}

const jobOf = async (deploymentId: string) =>
  (await database.db.select().from(schema.buildJobs).where(eq(schema.buildJobs.deploymentId, deploymentId)))[0]!;

/** Ends every running job; with `all`, queued ones too, so the next test starts from an empty queue. */
async function finishRunning(all = false) {
  const states = all ? (['running', 'queued'] as const) : (['running'] as const);
  const jobs = await database.db.select().from(schema.buildJobs).where(inArray(schema.buildJobs.state, states));
  for (const job of jobs) await finishJob(database.db, job.id, 'done');
}

describe('build queue', () => {
  it('hands each job to exactly one of many concurrent claimers, oldest first', async () => {
    const deployments = [await queued('q-1'), await queued('q-2'), await queued('q-3')];
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimJob(database.db, `worker-${i}`)));
    const won = claims.filter((c) => c !== null);
    expect(won.map((c) => c!.deploymentId).sort()).toEqual(deployments.map((d) => d.id).sort());
    expect(new Set(won.map((c) => c!.id)).size).toBe(3);
    expect(await claimJob(database.db, 'late')).toBeNull();
    await finishRunning();
  });

  it('requeues a running job whose worker stopped heartbeating, then fails it after the last attempt', async () => {
    const d = await queued('crashy');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const job = await claimJob(database.db, 'doomed');
      expect(job?.deploymentId).toBe(d.id);
      await database.db.update(schema.deployments).set({ state: 'BUILDING' }).where(eq(schema.deployments.id, d.id));
      await database.db
        .update(schema.buildJobs)
        .set({ heartbeatAt: new Date(Date.now() - 60_000) })
        .where(eq(schema.buildJobs.id, job!.id));
      const result = await recoverStaleJobs(database.db, 30_000);
      if (attempt < MAX_ATTEMPTS) {
        expect(result.requeued).toContain(d.id);
        expect((await getDeploymentById(database.db, d.id))!.state).toBe('QUEUED');
      } else {
        expect(result.failed).toContain(d.id);
      }
    }
    const failed = (await getDeploymentById(database.db, d.id))!;
    expect(failed).toMatchObject({ state: 'ERROR', errorCode: 'BUILD_INTERRUPTED' });
    expect(failed.errorMessage).toMatch(/interrupted 3 times.*Deploy again/);
    expect((await jobOf(d.id)).state).toBe('failed');
  });

  it('leaves a job with a fresh heartbeat alone', async () => {
    const d = await queued('healthy');
    await claimJob(database.db, 'alive');
    expect((await recoverStaleJobs(database.db, 30_000)).requeued).not.toContain(d.id);
    expect((await jobOf(d.id)).state).toBe('running');
    await finishRunning();
  });
});

describe('fair build queue', () => {
  afterEach(() => finishRunning(true));

  it("gives the next claim to a team waiting behind another team's backlog", async () => {
    const a = await newTeam('pro');
    const b = await newTeam('pro');
    const backlog = [await queued('a-1', a), await queued('a-2', a), await queued('a-3', a)];
    const other = await queued('b-1', b);
    expect((await claimJob(database.db, 'w'))?.deploymentId).toBe(backlog[0]!.id);
    expect((await claimJob(database.db, 'w'))?.deploymentId).toBe(other.id);
    // Within a team, oldest first; A has the only work left.
    expect((await claimJob(database.db, 'w'))?.deploymentId).toBe(backlog[1]!.id);
  });

  it('serves the team that has waited longest, even when a single worker runs one build at a time', async () => {
    const a = await newTeam('pro');
    const b = await newTeam('pro');
    await queued('a-first', a);
    expect(await claimJob(database.db, 'solo')).not.toBeNull();
    await finishRunning();
    const older = await queued('a-second', a);
    const newer = await queued('b-first', b);
    // A just had a turn: B's newer build goes before A's older one.
    expect((await claimJob(database.db, 'solo'))?.deploymentId).toBe(newer.id);
    await finishRunning();
    expect((await claimJob(database.db, 'solo'))?.deploymentId).toBe(older.id);
  });

  it('never runs two builds of a hobby team at once, even with claimers racing', async () => {
    const hobby = await newTeam('hobby');
    const first = await queued('h-1', hobby);
    const second = await queued('h-2', hobby);
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claimJob(database.db, `racer-${i}`)));
    expect(claims.filter((c) => c !== null).map((c) => c!.deploymentId)).toEqual([first.id]);
    expect((await jobOf(second.id)).state).toBe('queued');
    await finishRunning();
    expect((await claimJob(database.db, 'next'))?.deploymentId).toBe(second.id);
  });

  it("runs up to four builds of a pro team at once, and the limit is the operator's to change", async () => {
    const pro = await newTeam('pro');
    for (let i = 0; i < 6; i++) await queued(`p-${i}`, pro);
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimJob(database.db, `racer-${i}`)));
    expect(claims.filter((c) => c !== null)).toHaveLength(4);
    expect(await claimJob(database.db, 'more', { hobby: 1, pro: 5, enterprise: 12 })).not.toBeNull();
  });

  it('tells a queued build how many builds are ahead of it and why it waits', async () => {
    const a = await newTeam('hobby');
    const b = await newTeam('hobby');
    const running = await queued('pos-a-1', a);
    await claimJob(database.db, 'w');
    const a2 = await queued('pos-a-2', a);
    const a3 = await queued('pos-a-3', a);
    const b1 = await queued('pos-b-1', b);
    expect(await queuePosition(database.db, running.id)).toBeNull();
    // B has never had a turn: its build goes first.
    expect(await queuePosition(database.db, b1.id)).toEqual({
      ahead: 0,
      reason: 'workers_busy',
      teamRunning: 0,
      teamLimit: 1,
    });
    expect(await queuePosition(database.db, a2.id)).toMatchObject({ ahead: 1, reason: 'team_limit', teamRunning: 1 });
    expect(await queuePosition(database.db, a3.id)).toMatchObject({ ahead: 2, reason: 'team_limit' });
  });
});
