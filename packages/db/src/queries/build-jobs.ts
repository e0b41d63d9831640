// The durable build queue: one `build_jobs` row per deployment, in the same database as everything
// else. Guarantees:
// - a job is handed to one worker only: claiming is `SELECT … FOR UPDATE SKIP LOCKED` plus the
//   switch to 'running' in one transaction, so concurrent workers never take the same row;
// - a team runs at most its plan's number of builds at once (TEAM_BUILD_LIMITS, set by the
//   operator), across every worker: a claim holds the team's advisory lock while it counts the
//   team's running jobs, so two claimers can never both take the last slot;
// - teams take turns: the next claim goes to the team that has waited longest since its last one
//   (build_team_turns), oldest job first within a team, so one team's backlog never holds back
//   another team's build;
// - a running job carries a heartbeat; one whose heartbeat is older than the stale threshold lost
//   its worker (crash, kill, restart) and is queued again, up to MAX_ATTEMPTS starts in all, after
//   which its deployment fails with BUILD_INTERRUPTED. No deployment stays QUEUED or BUILDING forever.
// The worker that runs the jobs is packages/engine/src/queue/worker.ts; where a queued build stands
// is build-queue.ts.
import { TEAM_BUILD_LIMITS, type TeamBuildLimits } from '@nimbus/core';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { buildJobs, buildTeamTurns, type DeploymentState, deployments } from '../schema';
import { waitingTeams } from './build-queue';
import { markFailed, markRequeued } from './deployment-state';

export const MAX_ATTEMPTS = 3;

/** First key of the per-team claim lock ("nmbq"), so it never meets another advisory lock. */
const TEAM_CLAIM_LOCK = 0x6e6d6271;

export type ClaimedJob = Pick<typeof buildJobs.$inferSelect, 'id' | 'deploymentId' | 'attempts'>;

/**
 * The next job, now running for `workerId`: from the team that has waited longest among those
 * below their limit, its oldest queued job. Null when no team may start a build now.
 */
export async function claimJob(
  db: Db,
  workerId: string,
  limits: TeamBuildLimits = TEAM_BUILD_LIMITS,
): Promise<ClaimedJob | null> {
  for (const team of await waitingTeams(db)) {
    if (team.running >= limits[team.plan]) continue;
    const job = await claimForTeam(db, workerId, team.teamId, limits[team.plan]);
    if (job) return job;
  }
  return null;
}

/** One transaction, one team lock: never two locks held at once, so claimers cannot deadlock. */
function claimForTeam(db: Db, workerId: string, teamId: string, limit: number): Promise<ClaimedJob | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_CLAIM_LOCK}, hashtext(${teamId}))`);
    // Counted after the lock: every claim for this team that committed before it is visible.
    const [{ running } = { running: 0 }] = await tx
      .select({ running: count() })
      .from(buildJobs)
      .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
      .where(and(eq(deployments.teamId, teamId), eq(buildJobs.state, 'running')));
    if (running >= limit) return null;
    const [job] = await tx
      .select({ id: buildJobs.id, deploymentId: buildJobs.deploymentId, attempts: buildJobs.attempts })
      .from(buildJobs)
      .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
      .where(and(eq(deployments.teamId, teamId), eq(buildJobs.state, 'queued')))
      .orderBy(asc(buildJobs.id))
      .limit(1)
      .for('update', { of: buildJobs, skipLocked: true });
    if (!job) return null;
    const now = new Date();
    await tx
      .update(buildJobs)
      .set({ state: 'running', attempts: sql`${buildJobs.attempts} + 1`, workerId, heartbeatAt: now, updatedAt: now })
      .where(eq(buildJobs.id, job.id));
    await tx
      .insert(buildTeamTurns)
      .values({ teamId, claimedAt: now })
      .onConflictDoUpdate({ target: buildTeamTurns.teamId, set: { claimedAt: now } });
    return { ...job, attempts: job.attempts + 1 };
  });
}

/** Renews the claim and returns the deployment's state, so a worker learns of a cancel made elsewhere. */
export async function heartbeat(db: Db, jobId: number, workerId: string): Promise<DeploymentState | null> {
  await db
    .update(buildJobs)
    .set({ heartbeatAt: new Date() })
    .where(and(eq(buildJobs.id, jobId), eq(buildJobs.workerId, workerId)));
  const [row] = await db
    .select({ state: deployments.state })
    .from(buildJobs)
    .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
    .where(eq(buildJobs.id, jobId));
  return row?.state ?? null;
}

export async function finishJob(db: Db, jobId: number, state: 'done' | 'failed' | 'canceled'): Promise<void> {
  await db.update(buildJobs).set({ state, updatedAt: new Date() }).where(eq(buildJobs.id, jobId));
}

/** Gives a job back on a clean shutdown; the interrupted start does not count as an attempt. */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<void> {
  await markRequeued(
    db,
    job.deploymentId,
    'The worker is shutting down; this build will start again on the next worker.',
  );
  await db
    .update(buildJobs)
    .set({ state: 'queued', workerId: null, attempts: sql`${buildJobs.attempts} - 1`, updatedAt: new Date() })
    .where(and(eq(buildJobs.id, job.id), eq(buildJobs.state, 'running')));
}

/**
 * Requeues or fails running jobs whose heartbeat is older than `staleMs` (0 = every running job,
 * right for a single-process PGlite start where no other worker can hold one).
 */
export async function recoverStaleJobs(db: Db, staleMs: number): Promise<{ requeued: string[]; failed: string[] }> {
  const cutoff = new Date(Date.now() - staleMs);
  const stale = await db
    .select({ job: buildJobs, state: deployments.state })
    .from(buildJobs)
    .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
    .where(and(eq(buildJobs.state, 'running'), staleMs > 0 ? lt(buildJobs.heartbeatAt, cutoff) : undefined));
  const result = { requeued: [] as string[], failed: [] as string[] };
  for (const { job, state } of stale) {
    if (state !== 'QUEUED' && state !== 'BUILDING') {
      await finishJob(db, job.id, state === 'CANCELED' ? 'canceled' : 'done');
    } else if (job.attempts >= MAX_ATTEMPTS) {
      await markFailed(
        db,
        job.deploymentId,
        'BUILD_INTERRUPTED',
        `The build was interrupted ${job.attempts} times because its worker stopped (crash or restart). Deploy again; if it keeps happening, check the worker's memory and logs.`,
      );
      await finishJob(db, job.id, 'failed');
      result.failed.push(job.deploymentId);
    } else {
      await markRequeued(
        db,
        job.deploymentId,
        `The worker building this deployment stopped; building it again (attempt ${job.attempts + 1} of ${MAX_ATTEMPTS}).`,
      );
      await db
        .update(buildJobs)
        .set({ state: 'queued', workerId: null, updatedAt: new Date() })
        .where(and(eq(buildJobs.id, job.id), eq(buildJobs.state, 'running')));
      result.requeued.push(job.deploymentId);
    }
  }
  return result;
}
