// Where the build queue stands, per team: what claimJob (build-jobs.ts) serves next, and where one
// queued build waits. Teams take turns in the order of their last claim (never claimed first), so
// a build's position is a count of rounds: one per older build of its own team, in each of which
// every other team with work left starts one build.
import { type PlanId, TEAM_BUILD_LIMITS, type TeamBuildLimits } from '@nimbus/core';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { buildJobs, buildTeamTurns, deployments, teams } from '../schema';

export interface WaitingTeam {
  teamId: string;
  plan: PlanId;
  running: number;
  queued: number;
}

/** Teams with queued builds, in the order claims serve them: longest since their last claim first. */
export async function waitingTeams(db: Db): Promise<WaitingTeam[]> {
  const queued = sql<number>`count(*) filter (where ${buildJobs.state} = 'queued')`.mapWith(Number);
  return db
    .select({
      teamId: deployments.teamId,
      plan: teams.plan,
      running: sql<number>`count(*) filter (where ${buildJobs.state} = 'running')`.mapWith(Number),
      queued,
    })
    .from(buildJobs)
    .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
    .innerJoin(teams, eq(teams.id, deployments.teamId))
    .leftJoin(buildTeamTurns, eq(buildTeamTurns.teamId, deployments.teamId))
    .where(inArray(buildJobs.state, ['queued', 'running']))
    .groupBy(deployments.teamId, teams.plan, buildTeamTurns.claimedAt)
    .having(sql`${queued} > 0`)
    .orderBy(
      sql`${buildTeamTurns.claimedAt} asc nulls first`,
      sql`min(${buildJobs.id}) filter (where ${buildJobs.state} = 'queued')`,
    );
}

export interface QueuePosition {
  /** Queued builds the queue will start before this one, if no other build is queued meanwhile. */
  ahead: number;
  /** `team_limit`: the team already runs as many builds as its plan allows; else every worker is busy. */
  reason: 'team_limit' | 'workers_busy';
  teamRunning: number;
  teamLimit: number;
}

/** Null when the deployment has no queued build job. */
export async function queuePosition(
  db: Db,
  deploymentId: string,
  limits: TeamBuildLimits = TEAM_BUILD_LIMITS,
): Promise<QueuePosition | null> {
  const [job] = await db
    .select({ id: buildJobs.id, teamId: deployments.teamId })
    .from(buildJobs)
    .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
    .where(and(eq(buildJobs.deploymentId, deploymentId), eq(buildJobs.state, 'queued')));
  if (!job) return null;
  const [order, [own]] = await Promise.all([
    waitingTeams(db),
    db
      .select({ older: sql<number>`count(*)`.mapWith(Number) })
      .from(buildJobs)
      .innerJoin(deployments, eq(deployments.id, buildJobs.deploymentId))
      .where(and(eq(deployments.teamId, job.teamId), eq(buildJobs.state, 'queued'), lt(buildJobs.id, job.id))),
  ]);
  const rank = order.findIndex((t) => t.teamId === job.teamId);
  const team = order[rank];
  if (!team) return null;
  const rounds = own?.older ?? 0;
  // Teams ahead in the rotation start one more build before this team's turn in the last round.
  const others = order.reduce(
    (sum, t, i) => (i === rank ? sum : sum + Math.min(t.queued, rounds + (i < rank ? 1 : 0))),
    0,
  );
  const teamLimit = limits[team.plan];
  return {
    ahead: rounds + others,
    reason: team.running >= teamLimit ? 'team_limit' : 'workers_busy',
    teamRunning: team.running,
    teamLimit,
  };
}
