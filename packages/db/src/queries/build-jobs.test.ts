import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import * as schema from '../schema';
import { createTestDatabase } from '../testing';
import { registerUser } from './accounts';
import { claimJob, MAX_ATTEMPTS, recoverStaleJobs } from './build-jobs';
import { createDeployment, getDeploymentById } from './deployments';
import { createProject } from './projects';

let database: Database;
let teamId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  const user = await registerUser(database.db, { email: 'queue@example.com', password: 'correct horse battery' });
  teamId = user.defaultTeamId!;
});
afterAll(() => database.close());

async function queued(name: string) {
  const project = await createProject(database.db, teamId, { name });
  return createDeployment(database.db, {
    project,
    creatorId: 'usr_x',
    target: 'preview',
    files: [{ file: 'index.html', sha: 'a'.repeat(40), size: 1 }],
  });
}

const jobOf = async (deploymentId: string) =>
  (await database.db.select().from(schema.buildJobs).where(eq(schema.buildJobs.deploymentId, deploymentId)))[0]!;

describe('build queue', () => {
  it('hands each job to exactly one of many concurrent claimers, oldest first', async () => {
    const deployments = [await queued('q-1'), await queued('q-2'), await queued('q-3')];
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claimJob(database.db, `worker-${i}`)));
    const won = claims.filter((c) => c !== null);
    expect(won.map((c) => c!.deploymentId).sort()).toEqual(deployments.map((d) => d.id).sort());
    expect(new Set(won.map((c) => c!.id)).size).toBe(3);
    expect(await claimJob(database.db, 'late')).toBeNull();
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
  });
});
